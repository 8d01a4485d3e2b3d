/**
 * The sources a test key is answered from: the sandbox directory (and the reserved test names) served
 * through the same ports as the real board, registry and exclusion list, so the real engine (identity
 * resolution, nicknames and typos, same-name people, profession filter, OIG rules, the cache fallback of
 * a board outage) decides every test-mode outcome, and nothing real is ever read. Nothing is written to
 * the shared source cache either: a test key can neither read what live keys cached nor leave anything
 * for them.
 */
import type { BoardStatus } from '../../../domain/license-status.ts';
import { professionLabel } from '../../../domain/professions.ts';
import type { StateCode } from '../../../domain/us-states.ts';
import type { StateBoardDefinition } from '../../sources/boards/board-definition.ts';
import type { BoardSearchResult } from '../../sources/boards/board-search.ts';
import { type BoardLicense, type BoardQuery, holderCanMatch, surnameCanMatch } from '../../sources/license-record.ts';
import { SourceError } from '../../sources/errors.ts';
import type { LeieListVersion } from '../../sources/leie/exclusion-store.ts';
import type { LeieRecord } from '../../sources/leie/leie-record.ts';
import type { NameSearch } from '../../sources/nppes/nppes-client.ts';
import type { NppesIdentity } from '../../sources/nppes/parse.ts';
import { lastNameKeys } from '../../../domain/names/normalize.ts';
import { matchGivenName, splitGivenName } from '../../../domain/names/given-name-match.ts';
import { stateBoards } from '../../sources/boards/registry.ts';
import type { CachedValue, SourceCache } from '../source-cache.ts';
import type { VerificationPorts } from '../verification-engine.ts';
import type { VerificationRequest } from '../verification-request.ts';
import { withReservedName, type SandboxHistory } from './reserved-sources.ts';
import { sandboxProviders, type SandboxProvider } from './sandbox-directory.ts';

const day = 86_400_000;

/** The sandbox license number of a provider: the same in every state (`SB` and seven digits). */
export function sandboxLicenseNumber(provider: SandboxProvider): string {
  return `SB${String(1_000_000 + sandboxProviders.indexOf(provider) + 1).padStart(7, '0')}`;
}

function isoDay(now: Date, days: number): string {
  return new Date(now.getTime() + days * day).toISOString().slice(0, 10);
}

function publishesBirthYear(board: StateBoardDefinition): boolean {
  return board.datasets.some((d) => d.fields.birthYear !== undefined);
}

/** A provider's license on a state's board, as the board search would return it. */
export function sandboxLicense(board: StateBoardDefinition, provider: SandboxProvider, now: Date): BoardLicense {
  const dataset = board.datasets.find((d) => d.professions.includes(provider.profession)) ?? board.datasets[0];
  // A state answered from rosters only: the license is the first roster's.
  const datasetId = dataset?.id ?? `${board.rosters?.[0]?.id ?? board.state.toLowerCase()}/sandbox`;
  const status: BoardStatus = provider.status;
  return {
    state: board.state,
    source: board.sourceName,
    datasetId,
    licenseNumber: sandboxLicenseNumber(provider),
    firstName: provider.firstName.toUpperCase(),
    middleName: (provider.middleName ?? '').toUpperCase(),
    lastName: provider.lastName.toUpperCase(),
    suffix: '',
    name: [provider.firstName, provider.middleName, provider.lastName].filter(Boolean).join(' '),
    licenseType: `${professionLabel(provider.profession)} (sandbox)`,
    classification: { kind: 'profession', profession: provider.profession },
    profession: provider.profession,
    status,
    rawStatus: status.toUpperCase(),
    statusRecognised: true,
    expiryDate: isoDay(now, provider.expiresInDays),
    issueDate: isoDay(now, -6 * 365),
    disciplinary: provider.disciplinary === true,
    birthYear: publishesBirthYear(board) ? Number(provider.dob.slice(0, 4)) : null,
    rowCount: 1,
  };
}

function matchesQuery(provider: SandboxProvider, query: BoardQuery): boolean {
  return holderCanMatch(provider.lastName, provider.firstName, query);
}

function boardUnavailable(board: StateBoardDefinition): SourceError {
  return new SourceError(board.sourceName, 'connection', 'sandbox: this board is unreachable for this provider');
}

function sandboxRegistryRecord(provider: SandboxProvider, now: Date): NppesIdentity {
  return {
    npi: provider.npi,
    enumerationType: 'NPI-1',
    name: {
      firstName: provider.firstName.toUpperCase(),
      middleName: provider.middleName?.toUpperCase() ?? null,
      lastName: provider.lastName.toUpperCase(),
      prefix: null,
      suffix: null,
      credential: null,
    },
    organizationName: null,
    sex: null,
    status: 'A',
    enumerationDate: '2010-01-04',
    lastUpdated: isoDay(now, -30),
    createdAt: '2010-01-04T00:00:00.000Z',
    taxonomies: (Object.keys(stateBoards) as StateCode[]).map((state, i) => ({
      code: 'SANDBOX',
      description: professionLabel(provider.profession),
      licenseNumber: sandboxLicenseNumber(provider),
      state,
      primary: i === 0,
    })),
    formerNames: [],
    addressStates: ['WA'],
  };
}

function sandboxExclusion(provider: SandboxProvider): LeieRecord {
  return {
    kind: 'individual',
    lastName: provider.lastName.toUpperCase(),
    firstName: provider.firstName.toUpperCase(),
    middleName: '',
    businessName: '',
    general: 'SANDBOX',
    specialty: professionLabel(provider.profession).toUpperCase(),
    upin: null,
    npi: provider.excluded === 'npi_on_record' ? provider.npi : null,
    dob: provider.excluded === 'name_only' ? provider.dob : null,
    address: '',
    city: '',
    state: 'WA',
    zip: '',
    exclusionType: '1128b4',
    exclusionDate: '2024-05-20',
    reinstatementDate: null,
    waiverDate: null,
    waiverState: null,
  };
}

/**
 * The sandbox's cache: never written, and holding only the answers that exist to show a board outage
 * answered from a cached result (`cached_30_days`).
 */
class SandboxCache implements SourceCache {
  constructor(private readonly now: Date) {}

  async get<T>(key: string): Promise<CachedValue<T> | undefined> {
    const [kind, state, query] = key.split('#');
    const board = kind === 'board' ? stateBoards[state as StateCode] : undefined;
    if (!board || query === undefined) return undefined;
    const surnames = query.split('|');
    const stale = sandboxProviders.filter((p) => p.boardDown === 'cached_30_days' && surnameCanMatch(p.lastName, surnames));
    if (stale.length === 0) return undefined;
    const fetchedAt = new Date(this.now.getTime() - 30 * day);
    const value: BoardSearchResult = {
      state: board.state,
      source: board.sourceName,
      licenses: stale.map((p) => sandboxLicense(board, p, fetchedAt)),
      asOf: fetchedAt.toISOString(),
    };
    return { value: value as T, fetchedAt: fetchedAt.toISOString(), freshUntil: new Date(fetchedAt.getTime() + day).toISOString(), fresh: false };
  }

  put(): void {}

  async flush(): Promise<void> {}
}

/** The sandbox exclusion list's version: reported as checked at the start of today. */
function sandboxListVersion(now: Date): LeieListVersion {
  const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  const excluded = sandboxProviders.filter((p) => p.excluded);
  const stats = {
    rows: excluded.length,
    individuals: excluded.length,
    entities: 0,
    with_npi: excluded.filter((p) => p.excluded === 'npi_on_record').length,
    with_dob: excluded.filter((p) => p.excluded === 'name_only').length,
    with_waiver: 0,
    malformed_rows: 0,
    bytes: 0,
  };
  return { version: 'sandbox', etag: null, last_modified: null, sha256: 'sandbox', ingested_at: today, checked_at: today, archive_key: null, stats };
}

/**
 * Ports over the sandbox directory, as of `now`, answering `request` (under a reserved test name, as the
 * name forces: reserved-sources.ts, given a monitor's `previous` answer). No unreadable value a sandbox
 * source answers is counted as a real source's.
 */
export function sandboxPorts(now: Date, request?: VerificationRequest, previous?: SandboxHistory): VerificationPorts {
  const directory: VerificationPorts = {
    async searchBoard(board, query) {
      const found = sandboxProviders.filter((p) => matchesQuery(p, query));
      if (found.some((p) => p.boardDown !== undefined)) throw boardUnavailable(board);
      return { state: board.state, source: board.sourceName, licenses: found.map((p) => sandboxLicense(board, p, now)), asOf: now.toISOString() };
    },
    async lookupNpi(npi) {
      const provider = sandboxProviders.find((p) => p.npi === npi);
      return provider ? sandboxRegistryRecord(provider, now) : null;
    },
    async searchRegistry(search: NameSearch) {
      const keys = new Set(lastNameKeys(search.lastName));
      return sandboxProviders
        .filter((p) => lastNameKeys(p.lastName).some((k) => keys.has(k)))
        .filter((p) => !search.firstName || matchGivenName(splitGivenName(search.firstName), splitGivenName(p.firstName)) !== null)
        .map((p) => sandboxRegistryRecord(p, now));
    },
    async currentExclusionList() {
      return sandboxListVersion(now);
    },
    // The sandbox holds no row on the other sanctions lists: each is consulted and finds nobody.
    async findSanctions() {
      return { asOf: now.toISOString(), entries: [] };
    },
    async findExclusions(_list, lastName) {
      const keys = new Set(lastNameKeys(lastName));
      return sandboxProviders.filter((p) => p.excluded && lastNameKeys(p.lastName).some((k) => keys.has(k))).map(sandboxExclusion);
    },
    cache: new SandboxCache(now),
    unreadable: () => undefined,
  };
  return request ? withReservedName(directory, request, now, previous) : directory;
}
