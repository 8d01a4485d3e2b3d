/**
 * What the sandbox sources answer for a reserved test last name (reserved-test-names.ts): the person the
 * request names holds one license, on the board of whatever state is asked, with the status, expiry,
 * discipline and profession the name forces; the registry knows them by the NPI supplied with them; the
 * exclusion list holds them when the name says so; and the names that force a failure make the board, or
 * every source, fail. The verification engine then reads these answers as it reads any other.
 */
import { createHash } from 'node:crypto';
import { stateName, type StateCode } from '../../../domain/us-states.ts';
import type { DatasetDefinition, StateBoardDefinition } from '../../sources/boards/board-definition.ts';
import { boardFor, professionsCovered } from '../../sources/boards/registry.ts';
import { SourceError } from '../../sources/errors.ts';
import type { BoardLicense } from '../../sources/license-record.ts';
import type { LeieRecord } from '../../sources/leie/leie-record.ts';
import type { NppesIdentity } from '../../sources/nppes/parse.ts';
import { sourceNames } from '../../sources/source-config.ts';
import { reservedTestName, type ForcedOutcome } from '../reserved-test-names.ts';
import type { VerificationPorts } from '../verification-engine.ts';
import type { VerificationRequest } from '../verification-request.ts';

const day = 86_400_000;

/** What a monitor last saw of a sandbox provider, so its checks behave like a real license over time. */
export interface SandboxHistory {
  readonly status: string;
  readonly expiryDate: string | null;
}

/** What the sources hold for one request under a reserved name. */
type Reserved = Exclude<ForcedOutcome, { kind: 'flapping' }>;

/**
 * What a reserved name forces for this request. With `previous` (a monitor's check), `test-flapping` is the
 * other one of active and suspended (active when there is none).
 */
function reservedFor(request: VerificationRequest, previous: SandboxHistory | undefined): Reserved | undefined {
  const forced = reservedTestName(request.last_name);
  if (forced?.kind !== 'flapping') return forced;
  return { kind: 'license', status: previous?.status === 'active' ? 'suspended' : 'active' };
}

/** The dataset of a board outside the coverage: the sandbox's own, covering no profession; never queried. */
const sandboxDataset: DatasetDefinition = {
  id: 'sandbox',
  title: 'Sandbox licenses',
  fields: { licenseNumber: 'license_number', lastName: 'last_name', firstName: 'first_name', status: 'status' },
  dateFormat: 'yyyymmdd',
  licenseType: () => 'Sandbox Test License',
  statuses: {},
  classify: () => ({ kind: 'unclassified' }),
  disciplined: () => false,
  licenseKey: (row) => String(row.license_number),
  professions: [],
};

/**
 * The board a reserved name is answered from: the state's own, which looks the license up whatever the
 * profession asked; outside the coverage, a board under the state's name that covers no profession.
 */
function reservedBoard(state: StateCode): StateBoardDefinition {
  const board = boardFor(state);
  if (board) return { ...board, uncoveredProfession: 'look_up' };
  return {
    state,
    sourceName: `${stateName(state)} licensing board`,
    domain: 'sandbox.invalid',
    datasets: [sandboxDataset],
    licenseNumberScope: 'state',
    uncoveredProfession: 'look_up',
    format: { confidence: 'confirmed', notes: 'The sandbox board of a reserved test name.' },
    refresh: 'daily',
  };
}

function isoDay(now: Date, days: number): string {
  return new Date(now.getTime() + days * day).toISOString().slice(0, 10);
}

/**
 * The license a reserved name holds on `board`: numbered from the state and the name, in the profession
 * asked (else the state's first), unclassified for `test-unconfirmed`, unreadable for `test-unreadable`.
 * With `previous`, the expiry date stays the one first reported, so `test-expiring` alerts once for it
 * rather than for a new date every day.
 */
function reservedLicense(
  request: VerificationRequest,
  reserved: Extract<Reserved, { kind: 'license' | 'source_unavailable' }>,
  board: StateBoardDefinition,
  now: Date,
  previous: SandboxHistory | undefined,
): BoardLicense {
  const digest = createHash('sha256').update(`${request.state}|${request.last_name.toLowerCase()}|${request.first_name.toLowerCase()}`).digest('hex');
  const forced = reserved.kind === 'license' ? reserved : undefined;
  const profession = forced?.unconfirmed ? null : (request.profession ?? professionsCovered(board)[0] ?? 'registered_nurse');
  const status = forced?.status ?? 'active';
  const rawStatus = forced ? status.toUpperCase() : 'ACTIVE PENDING AUDIT';
  return {
    state: request.state,
    source: board.sourceName,
    datasetId: 'sandbox',
    licenseNumber: `TEST${String(parseInt(digest.slice(0, 8), 16) % 10_000_000).padStart(7, '0')}`,
    firstName: request.first_name.toUpperCase(),
    middleName: '',
    lastName: request.last_name.toUpperCase(),
    suffix: '',
    name: `${request.first_name} ${request.last_name}`,
    licenseType: forced?.unconfirmed ? 'TEST-UNCLASSIFIED' : 'Sandbox Test License',
    classification: profession ? { kind: 'profession', profession } : { kind: 'unclassified' },
    profession,
    status,
    rawStatus,
    statusRecognised: forced !== undefined,
    expiryDate: previous?.expiryDate ?? isoDay(now, forced?.expiresInDays ?? 365),
    issueDate: isoDay(now, -5 * 365),
    disciplinary: forced?.disciplined === true,
    birthYear: null,
    rowCount: 1,
  };
}

/** The registry record of the NPI supplied with a reserved name: the person it names, listing their license. */
function reservedRegistryRecord(request: VerificationRequest, npi: string, license: BoardLicense, now: Date): NppesIdentity {
  return {
    npi,
    enumerationType: 'NPI-1',
    name: { firstName: license.firstName, middleName: null, lastName: license.lastName, prefix: null, suffix: null, credential: null },
    organizationName: null,
    sex: null,
    status: 'A',
    enumerationDate: isoDay(now, -5 * 365),
    lastUpdated: isoDay(now, -30),
    createdAt: `${isoDay(now, -5 * 365)}T00:00:00.000Z`,
    taxonomies: [{ code: 'SANDBOX', description: license.licenseType, licenseNumber: license.licenseNumber, state: request.state, primary: true }],
    formerNames: [],
    addressStates: [request.state],
  };
}

/** The OIG exclusion of `test-excluded`, with the NPI supplied with the name on the record. */
function reservedExclusion(request: VerificationRequest, license: BoardLicense, now: Date): LeieRecord {
  return {
    kind: 'individual',
    lastName: license.lastName,
    firstName: license.firstName,
    middleName: '',
    businessName: '',
    general: 'SANDBOX',
    specialty: '',
    upin: null,
    npi: request.npi ?? null,
    dob: null,
    address: '',
    city: '',
    state: request.state,
    zip: '',
    exclusionType: '1128b4',
    exclusionDate: isoDay(now, -400),
    reinstatementDate: null,
    waiverDate: null,
    waiverState: null,
  };
}

/**
 * `ports` (the sandbox directory's) as they answer `request` when its last name is reserved, as of `now`;
 * else `ports` unchanged. `test-outage` makes every source fail; `test-unavailable` the board only;
 * `test-notfound` finds the board without a license and the NPI unknown.
 */
export function withReservedName(ports: VerificationPorts, request: VerificationRequest, now: Date, previous?: SandboxHistory): VerificationPorts {
  const reserved = reservedFor(request, previous);
  if (!reserved) return ports;
  const unreachable = (source: string) => new SourceError(source, 'connection', `sandbox: ${request.last_name} makes this source unreachable`);
  if (reserved.kind === 'outage') {
    return {
      ...ports,
      boardFor: reservedBoard,
      searchBoard: (board) => Promise.reject(unreachable(board.sourceName)),
      lookupNpi: () => Promise.reject(unreachable(sourceNames.nppes)),
      searchRegistry: () => Promise.reject(unreachable(sourceNames.nppes)),
      currentExclusionList: async () => undefined,
    };
  }
  const holder = reserved.kind === 'not_found' ? undefined : reserved;
  const licenseOn = (board: StateBoardDefinition) => holder && reservedLicense(request, holder, board, now, previous);
  const license = licenseOn(reservedBoard(request.state));
  const excluded = reserved.kind === 'license' && reserved.excluded === true;
  return {
    ...ports,
    boardFor: reservedBoard,
    async searchBoard(board) {
      if (reserved.kind === 'source_unavailable' && !reserved.unreadable) throw unreachable(board.sourceName);
      const found = licenseOn(board);
      return { state: board.state, source: board.sourceName, licenses: found ? [found] : [], asOf: now.toISOString() };
    },
    async lookupNpi(npi) {
      return license && npi === request.npi ? reservedRegistryRecord(request, npi, license, now) : null;
    },
    // Without an NPI the registry finds no one under a reserved name.
    searchRegistry: async () => [],
    findExclusions: async () => (excluded && license ? [reservedExclusion(request, license, now)] : []),
  };
}
