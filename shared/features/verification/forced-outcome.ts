/**
 * Sandbox outcomes for reserved test last names: built as an ordinary outcome (so the result, the
 * verification id and the certificate look exactly like real ones) without querying any source.
 */
import { createHash } from 'node:crypto';
import { SourcesUnavailable } from '../../domain/errors.ts';
import { stateName } from '../../domain/us-states.ts';
import type { BoardLicense } from '../sources/license-record.ts';
import { boardFor, professionsCovered } from '../sources/boards/registry.ts';
import type { UnavailableReason } from '../sources/errors.ts';
import { sourceNames } from '../sources/source-config.ts';
import type { LeieRecord } from '../sources/leie/leie-record.ts';
import type { ExclusionMatch } from './exclusion-match.ts';
import { cleanScreens } from './sanctions-screen.ts';
import type { ForcedOutcome } from './reserved-test-names.ts';
import type { SourceReport, VerificationOutcome } from './verification-engine.ts';
import type { VerificationRequest } from './verification-request.ts';

const day = 86_400_000;

const sandboxUnreachable: UnavailableReason = { code: 'unreachable', message: 'The source could not be reached or did not answer in time.' };
const sandboxUnreadable: UnavailableReason = {
  code: 'unreadable_value',
  message: 'The board answered a license status the service cannot read ("ACTIVE PENDING AUDIT"), so no status is drawn from it.',
  field: 'status',
  raw_value: 'ACTIVE PENDING AUDIT',
};

/** What a monitor last saw of a sandbox provider, so its checks behave like a real license over time. */
export interface SandboxHistory {
  readonly status: string;
  readonly expiryDate: string | null;
}

/**
 * With `previous` (a monitor's check): `test-flapping` answers the other one of active and suspended
 * (active when there is none), and the expiry date stays the one first reported, so `test-expiring`
 * alerts once for it rather than for a new date every day.
 */
export function forcedVerification(request: VerificationRequest, chosen: ForcedOutcome, now: Date, previous?: SandboxHistory): VerificationOutcome {
  const forced: Exclude<ForcedOutcome, { kind: 'flapping' }> =
    chosen.kind === 'flapping' ? { kind: 'license', status: previous?.status === 'active' ? 'suspended' : 'active' } : chosen;
  if (forced.kind === 'outage') {
    throw new SourcesUnavailable();
  }
  const board = boardFor(request.state);
  const covered = board ? professionsCovered(board) : [];
  const boardName = board?.sourceName ?? `${stateName(request.state)} licensing board`;
  const asOf = now.toISOString();
  const oig: SourceReport = { name: sourceNames.leie, status: 'cached', as_of: asOf };
  const boardReport: SourceReport =
    forced.kind === 'source_unavailable'
      ? { name: boardName, status: 'unavailable', as_of: null, reason: forced.unreadable ? sandboxUnreadable : sandboxUnreachable }
      : { name: boardName, status: 'live', as_of: asOf };
  const base = {
    professionConfirmed: false,
    professionsCovered: covered,
    identity: null,
    npi: request.npi ?? null,
    registry: null,
    exclusion: null,
    exclusions: [],
    oigExcluded: false,
    sanctionScreens: cleanScreens(asOf, { lastName: request.last_name, npi: request.npi }, request.state),
    sources: [boardReport, oig],
    verified: false,
    license: null,
    disciplinary: false,
    board: null,
    matchNote: null,
  } satisfies Partial<VerificationOutcome>;
  if (forced.kind === 'not_found') return { ...base, status: 'not_found', board: { cached: false, freshUntil: new Date(now.getTime() + day).toISOString() } };
  if (forced.kind === 'source_unavailable') return { ...base, status: 'source_unavailable' };

  const digest = createHash('sha256').update(`${request.state}|${request.last_name.toLowerCase()}|${request.first_name.toLowerCase()}`).digest('hex');
  const profession = forced.unconfirmed ? null : (request.profession ?? covered[0] ?? 'registered_nurse');
  const expiry = previous?.expiryDate ?? new Date(now.getTime() + (forced.expiresInDays ?? 365) * day).toISOString().slice(0, 10);
  const license: BoardLicense = {
    state: request.state,
    source: boardName,
    datasetId: 'sandbox',
    licenseNumber: `TEST${String(parseInt(digest.slice(0, 8), 16) % 10_000_000).padStart(7, '0')}`,
    firstName: request.first_name.toUpperCase(),
    middleName: '',
    lastName: request.last_name.toUpperCase(),
    suffix: '',
    name: `${request.first_name} ${request.last_name}`,
    licenseType: forced.unconfirmed ? 'TEST-UNCLASSIFIED' : 'Sandbox Test License',
    classification: profession ? { kind: 'profession', profession } : { kind: 'unclassified' },
    profession,
    status: forced.status,
    rawStatus: forced.status.toUpperCase(),
    statusRecognised: true,
    expiryDate: expiry,
    issueDate: new Date(now.getTime() - 5 * 365 * day).toISOString().slice(0, 10),
    disciplinary: forced.disciplined === true,
    birthYear: null,
    rowCount: 1,
  };
  const exclusionRecord: LeieRecord | null = forced.excluded
    ? {
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
        exclusionDate: new Date(now.getTime() - 400 * day).toISOString().slice(0, 10),
        reinstatementDate: null,
        waiverDate: null,
        waiverState: null,
      }
    : null;
  const exclusionMatch: ExclusionMatch | null = exclusionRecord ? { record: exclusionRecord, basis: request.npi ? 'npi' : 'name_only' } : null;
  return {
    ...base,
    status: forced.status,
    verified: forced.status === 'active' && !forced.excluded,
    license,
    disciplinary: forced.disciplined === true,
    professionConfirmed: profession !== null,
    identity: { confidence: 0.8, basis: ['last_name_exact', 'first_name_exact'] },
    exclusion: exclusionMatch,
    exclusions: exclusionMatch ? [exclusionMatch] : [],
    oigExcluded: forced.excluded === true,
    board: { cached: false, freshUntil: new Date(now.getTime() + day).toISOString() },
  };
}
