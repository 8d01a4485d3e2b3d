/**
 * The verification engine (docs/api-guide.md, "Verifying a provider", and its outcome table): coverage
 * and profession checks, the board lookup through the cache, identity resolution, the profession filter,
 * OIG exclusion matching and the registry identity, combined into one outcome. It talks to sources only
 * through `VerificationPorts`, so the rules stay testable and the handlers stay thin.
 *
 * Failures: a board that cannot be reached is answered from the most recent cached result for that
 * search (`source_live: false`); with none, the outcome is `source_unavailable` with the federal signals
 * still computed. `not_found` only ever comes from a board that answered. When every source consulted
 * is unavailable and nothing is cached, the engine throws `SourcesUnavailable` (503 `sources_unavailable`).
 */
import type { Deadline } from '../../platform/deadline.ts';
import type { BoardStatus, OutcomeStatus } from '../../domain/license-status.ts';
import { givenNameForms } from '../../domain/names/given-name-forms.ts';
import { surnameQueryTerms } from '../../domain/names/normalize.ts';
import type { Profession } from '../../domain/professions.ts';
import type { StateCode } from '../../domain/us-states.ts';
import { SourcesUnavailable } from '../../domain/errors.ts';
import { captureEvidence } from '../evidence/evidence-capture.ts';
import { sha256Pattern, type EvidenceRef } from '../evidence/evidence.ts';
import type { EvidenceKeeper } from '../evidence/evidence.ts';
import { recordMetric } from '../../platform/observability/metrics.ts';
import { unreadableValue, type UnreadableValue } from '../sources/source-telemetry.ts';
import { licenseNumberScopeOf, type StateBoardDefinition } from '../sources/boards/board-definition.ts';
import { isPartial, type BoardSearchResult } from '../sources/boards/board-search.ts';
import { boardQueryKey, type BoardLicense, type BoardQuery } from '../sources/license-record.ts';
import { boardFor, professionsCovered, searchedByType } from '../sources/boards/registry.ts';
import { isSourceUnavailable, unavailableReasonOf, type UnavailableReason } from '../sources/errors.ts';
import type { LeieListVersion } from '../sources/leie/exclusion-store.ts';
import type { LeieRecord } from '../sources/leie/leie-record.ts';
import type { NameSearch } from '../sources/nppes/nppes-client.ts';
import type { NppesIdentity } from '../sources/nppes/parse.ts';
import type { SourceReportStatus } from '../../domain/source-reports.ts';
import { sourceNames } from '../sources/source-config.ts';
import { matchExclusions, type ExclusionMatch } from './exclusion-match.ts';
import { licenseNumbersAgree } from '../../domain/license-numbers.ts';
import { resolveIdentity, type MatchBasis, type RegistryEvidence } from './identity-resolution.ts';
import { rankLicenses } from './profession-filter.ts';
import { ttl, type SourceCache } from './source-cache.ts';
import { fetchScreens, matchScreens, type FetchedScreen, type FindSanctions, type SanctionScreen } from './sanctions-screen.ts';
import type { VerificationRequest } from './verification-request.ts';

export type { OutcomeStatus };

export interface SourceReport {
  readonly name: string;
  readonly status: SourceReportStatus;
  /** When the data was fetched from the source (null when unavailable). */
  readonly as_of: string | null;
  /** Why the source is unavailable, when it is. */
  readonly reason?: UnavailableReason;
  /** What the source said: its responses' hashes, or its ingested file's (evidence/evidence.ts); absent when none was kept. */
  readonly evidence?: readonly EvidenceRef[];
}

export interface VerificationPorts {
  searchBoard(board: StateBoardDefinition, query: BoardQuery, deadline?: Deadline): Promise<BoardSearchResult>;
  lookupNpi(npi: string, deadline?: Deadline): Promise<NppesIdentity | null>;
  searchRegistry(search: NameSearch, deadline?: Deadline): Promise<NppesIdentity[]>;
  currentExclusionList(): Promise<LeieListVersion | undefined>;
  findExclusions(list: LeieListVersion, lastName: string): Promise<LeieRecord[]>;
  /** The rows of an ingested sanctions list that could name the person (sanctions-screen.ts). */
  findSanctions: FindSanctions;
  readonly cache: SourceCache;
  /** Keeps the responses live answers are read from; without it (the sandbox), none are kept. */
  readonly evidence?: EvidenceKeeper;
  /** The board that answers for a state; by default the state's connector (none outside the coverage). */
  readonly boardFor?: (state: StateCode) => StateBoardDefinition | undefined;
  /** Counts and logs a value a source answered that cannot be read; by default `unreadableValue` (the sandbox counts nothing). */
  readonly unreadable?: (value: UnreadableValue) => void;
}

export interface VerificationOutcome {
  readonly status: OutcomeStatus;
  readonly verified: boolean;
  readonly license: BoardLicense | null;
  /** Discipline on record for the provider: on any of their licenses in the state, not only this one. */
  readonly disciplinary: boolean;
  readonly professionConfirmed: boolean;
  readonly professionsCovered: readonly Profession[];
  readonly identity: { readonly confidence: number; readonly basis: readonly MatchBasis[] } | null;
  /** The NPI the identity rests on: supplied and agreeing, or found in the registry for this license. */
  readonly npi: string | null;
  readonly registry: NppesIdentity | null;
  readonly exclusion: ExclusionMatch | null;
  /** Every OIG list record that matches the provider, strongest evidence first (`exclusion` is the first). */
  readonly exclusions: readonly ExclusionMatch[];
  readonly oigExcluded: boolean;
  /** What each sanctions list beyond the OIG list said (sanctions-screen.ts). */
  readonly sanctionScreens: readonly SanctionScreen[];
  readonly sources: readonly SourceReport[];
  /** Freshness of the board answer: live, or from the cache (and until when it is considered fresh). */
  readonly board: { readonly cached: boolean; readonly freshUntil: string } | null;
  /** Why a board that answered gave no one person: null unless `not_found` for a reason the caller can act on. */
  readonly matchNote: MatchNote | null;
}

/** `{ evidence }` when there is any, to spread into a report. */
const named = (evidence: readonly EvidenceRef[] | undefined) => (evidence && evidence.length > 0 ? { evidence } : {});

type Fetched<T> = { ok: true; value: T; report: SourceReport; freshUntil: string } | { ok: false; report: SourceReport };

/** Cache first, then the source; on failure, the most recent cached value however old (if kept). */
async function throughCache<T>(
  ports: VerificationPorts,
  source: string,
  key: string,
  freshForMs: number,
  now: Date,
  fetch: () => Promise<T>,
  bypassFresh = false,
  /** Whether a fetched value may be cached (a partial answer is not). */
  cacheable: (value: T) => boolean = () => true,
): Promise<Fetched<T>> {
  const cached = await ports.cache.get<T>(key, now);
  // A lookup that must ask the source (a monitor re-check) is not a cache lookup: it is not counted.
  if (!bypassFresh) recordMetric(cached?.fresh ? 'cacheHits' : 'cacheMisses', 1, {});
  if (cached?.fresh && !bypassFresh) {
    // A hit names the evidence the cached answer was made from; nothing is stored again.
    const report: SourceReport = { name: source, status: 'cached', as_of: cached.fetchedAt, ...named(cached.evidence) };
    return { ok: true, value: cached.value, report, freshUntil: cached.freshUntil };
  }
  try {
    // The responses the answer is read from are stored as they arrive, beside the rest of the verification.
    const { value, responses } = await captureEvidence(fetch, ports.evidence && ((response) => ports.evidence?.keep([response])));
    const evidence = ports.evidence?.keep(responses) ?? [];
    const live: SourceReport = { name: source, status: 'live', as_of: now.toISOString(), ...named(evidence) };
    if (!cacheable(value)) return { ok: true, value, report: live, freshUntil: now.toISOString() };
    ports.cache.put(
      key,
      value,
      now,
      freshForMs,
      ports.evidence && evidence.length > 0 ? { refs: evidence, stored: ports.evidence.stored(evidence) } : undefined,
    );
    return {
      ok: true,
      value,
      report: live,
      freshUntil: new Date(now.getTime() + freshForMs).toISOString(),
    };
  } catch (error) {
    if (!isSourceUnavailable(error)) throw error;
    if (cached) {
      const report: SourceReport = { name: source, status: 'cached', as_of: cached.fetchedAt, ...named(cached.evidence) };
      return { ok: true, value: cached.value, report, freshUntil: cached.freshUntil };
    }
    return { ok: false, report: { name: source, status: 'unavailable', as_of: null, reason: unavailableReasonOf(error) } };
  }
}

/**
 * The board query of a request: its surname's search terms and the forms of its given name, and the
 * requested profession where the board is searched one license type at a time (searchedByType).
 */
function boardQueryOf(request: Pick<VerificationRequest, 'first_name' | 'last_name' | 'profession'>, board: StateBoardDefinition): BoardQuery {
  return {
    surnames: surnameQueryTerms(request.last_name),
    givenNames: givenNameForms(request.first_name),
    ...(request.profession && searchedByType(board) ? { profession: request.profession } : {}),
  };
}

const boardCacheKey = (state: string, query: BoardQuery) => `board#${state}#${boardQueryKey(query)}`;
const npiCacheKey = (npi: string) => `nppes#npi#${npi}`;

function registryNameSearch(request: VerificationRequest): NameSearch {
  return { lastName: request.last_name.toUpperCase(), firstName: request.first_name.split(' ')[0]!.toUpperCase(), state: request.state };
}
const registryNameCacheKey = (search: NameSearch) => `nppes#name#${search.state}#${search.lastName}#${search.firstName}`;

/**
 * The source-cache keys a verification of `request` reads first (its board answer and its registry
 * answer), so that they can be read ahead; none outside the coverage. The engine reads the same keys.
 */
export function firstCacheKeys(request: VerificationRequest): string[] {
  const board = boardFor(request.state);
  if (!board) return [];
  const registryKey = request.npi ? npiCacheKey(request.npi) : registryNameCacheKey(registryNameSearch(request));
  return board.datasets.length > 0 ? [boardCacheKey(request.state, boardQueryOf(request, board)), registryKey] : [registryKey];
}

/** A board answer with a report per source it merges (open-data datasets, rosters). */
type BoardFetched = Fetched<BoardSearchResult> & { readonly reports: readonly SourceReport[] };

/** Every source name of a board, as `sources` reports them. */
function boardSourceNames(board: StateBoardDefinition): string[] {
  return [...(board.datasets.length > 0 ? [board.sourceName] : []), ...(board.rosters ?? []).map((r) => r.displayName)];
}

/**
 * The reports of a board answer: open data as fetched (live, or cached as of when it was fetched); a
 * roster as `cached` as of its file's date, whatever moment it was read, since that is the date its
 * answer stands for.
 */
function boardReports(board: StateBoardDefinition, value: BoardSearchResult, fetched: SourceReport | null): SourceReport[] {
  const rosterReport = (name: string, asOf: string, evidence?: readonly EvidenceRef[]): SourceReport => ({
    name,
    status: 'cached',
    as_of: asOf.length === 10 ? `${asOf}T00:00:00.000Z` : asOf,
    ...named(evidence),
  });
  if (!value.parts) return [fetched ?? rosterReport(board.sourceName, value.asOf)];
  return value.parts.map((part): SourceReport => {
    if (part.kind === 'open_data')
      return { name: part.name, status: fetched?.status ?? 'live', as_of: fetched?.as_of ?? part.asOf, ...named(fetched?.evidence) };
    if (part.kind === 'unavailable') return { name: part.name, status: 'unavailable', as_of: null };
    return rosterReport(part.name, part.asOf, part.evidence);
  });
}

/** Until when an answer is fresh: the open data's cache time, or sooner when a roster is due to be replaced. */
function freshUntilOf(value: BoardSearchResult, openData: string | null): string {
  const times = [...(openData ? [openData] : []), ...(value.parts ?? []).flatMap((p) => (p.kind === 'roster' ? [p.freshUntil] : []))];
  return times.length > 0 ? times.sort()[0]! : value.asOf;
}

/**
 * Counts, once per distinct value, the license statuses and types of a board answer read from the
 * source that its connector cannot read. An unknown status never becomes an outcome (`unreadableStatus`);
 * an unknown type is an unclassified license (profession null, raw wording in `license_type`;
 * "Profession filter").
 */
function countUnreadable(ports: VerificationPorts, board: StateBoardDefinition, value: BoardSearchResult): void {
  const unreadable = ports.unreadable ?? unreadableValue;
  const seen = new Set<string>();
  for (const license of value.licenses) {
    const source = license.source || board.sourceName;
    const raw = license.unrecognisedStatus ?? license.rawStatus;
    if (!license.statusRecognised && !seen.has(`s#${source}#${raw}`)) {
      seen.add(`s#${source}#${raw}`);
      unreadable({ source, field: 'status', value: raw, dataset: license.datasetId });
    }
    if (license.classification.kind === 'unclassified' && license.classification.unknown && !seen.has(`t#${source}#${license.licenseType}`)) {
      seen.add(`t#${source}#${license.licenseType}`);
      unreadable({ source, field: 'license_type', value: license.licenseType, dataset: license.datasetId });
    }
  }
}

/** Why a license's status cannot be an outcome: its raw status is outside the connector's vocabulary. */
function unreadableStatus(license: BoardLicense): UnavailableReason | null {
  if (license.statusRecognised) return null;
  const raw = license.unrecognisedStatus ?? license.rawStatus;
  return {
    code: 'unreadable_value',
    message: `The board answered a license status the service cannot read (${JSON.stringify(raw)}), so no status is drawn from it.`,
    field: 'status',
    raw_value: raw,
  };
}

/** Why a partial answer cannot show that there is no license: rows it could not read (a missing column). */
function partialReason(value: BoardSearchResult): UnavailableReason | null {
  const skipped = value.skipped ?? [];
  if (skipped.length === 0) return null;
  const columns = [...new Set(skipped.flatMap((s) => s.columns))].join(', ');
  return {
    code: 'format_changed',
    message: `Some of the board's rows for this name lack the column ${columns} and could not be read, so its answer cannot show that no license exists.`,
    field: 'column',
    raw_value: columns,
  };
}

/** The reports of a board answer with the source a license came from (or the board's) marked unavailable for `reason`. */
function markUnavailable(sources: readonly SourceReport[], name: string, reason: UnavailableReason): SourceReport[] {
  // The evidence of what the board answered stays: it shows the value that could not be read.
  return sources.map((s) => (s.name === name ? { name: s.name, status: 'unavailable', as_of: null, reason, ...named(s.evidence) } : s));
}

/**
 * The board's answer. Open-data datasets go through the source cache (24 h); a state answered from
 * rosters only is read from the ingested roster every time (the store is the copy: caching it again
 * would only hide a newer file), reported `cached` as of the file's date.
 */
async function boardSearch(ports: VerificationPorts, board: StateBoardDefinition, query: BoardQuery, now: Date, options: RunOptions): Promise<BoardFetched> {
  const unavailable = (reason: UnavailableReason | undefined): BoardFetched => {
    const reports = boardSourceNames(board).map((name): SourceReport => ({ name, status: 'unavailable', as_of: null, ...(reason ? { reason } : {}) }));
    return { ok: false, report: reports[0]!, reports };
  };
  if (board.datasets.length === 0) {
    try {
      const value = await ports.searchBoard(board, query, options.deadline);
      countUnreadable(ports, board, value);
      const reports = boardReports(board, value, null);
      return { ok: true, value, report: reports[0]!, reports, freshUntil: freshUntilOf(value, null) };
    } catch (error) {
      if (!isSourceUnavailable(error)) throw error;
      // Nothing writes a roster answer to the cache; a cached answer is still served if one exists (a
      // board that cannot answer falls back to its cached answer).
      const cached = await ports.cache.get<BoardSearchResult>(boardCacheKey(board.state, query), now);
      if (!cached) return unavailable(unavailableReasonOf(error));
      const report: SourceReport = { name: board.sourceName, status: 'cached', as_of: cached.fetchedAt, ...named(cached.evidence) };
      return { ok: true, value: cached.value, report, reports: [report], freshUntil: cached.freshUntil };
    }
  }
  const key = boardCacheKey(board.state, query);
  const fetched = await throughCache(
    ports,
    board.sourceName,
    key,
    ttl.licenseStatusMs,
    now,
    () => ports.searchBoard(board, query, options.deadline),
    options.freshBoard,
    // A partial answer is not kept, nor one holding a status the connector cannot read: once the connector
    // knows the value, the next verification reads it from the board.
    (value) => !isPartial(value) && value.licenses.every((l) => l.statusRecognised),
  );
  if (!fetched.ok) return unavailable(fetched.report.reason);
  if (fetched.report.status === 'live') countUnreadable(ports, board, fetched.value);
  return { ...fetched, reports: boardReports(board, fetched.value, fetched.report), freshUntil: freshUntilOf(fetched.value, fetched.freshUntil) };
}

/** The registry record of a supplied NPI (static information, cached 30 days). */
function registryByNpi(ports: VerificationPorts, npi: string, now: Date, deadline: Deadline | undefined) {
  return throughCache(ports, sourceNames.nppes, npiCacheKey(npi), ttl.staticInfoMs, now, () => ports.lookupNpi(npi, deadline));
}

/** Registry individuals with this name in this state, to find the NPI when none was supplied. */
function registryByName(ports: VerificationPorts, request: VerificationRequest, now: Date, deadline: Deadline | undefined) {
  const search = registryNameSearch(request);
  return throughCache(ports, sourceNames.nppes, registryNameCacheKey(search), ttl.staticInfoMs, now, () => ports.searchRegistry(search, deadline));
}

/** True when every row `extra` can return is already within `query`. */
function covers(query: BoardQuery, extra: BoardQuery): boolean {
  return (
    extra.surnames.every((s) => query.surnames.includes(s)) && extra.givenNames.prefixes.every((p) => query.givenNames.prefixes.some((q) => p.startsWith(q)))
  );
}

interface FederalSignals {
  readonly exclusion: ExclusionMatch | null;
  readonly exclusions: readonly ExclusionMatch[];
  /** The sanctions lists looked up, their rows matched once the person is known (`screensFor`). */
  readonly fetched: readonly FetchedScreen[];
  readonly oig: SourceReport;
  readonly oigAvailable: boolean;
}

async function exclusionSignals(ports: VerificationPorts, request: VerificationRequest, now: Date): Promise<FederalSignals> {
  const today = now.toISOString().slice(0, 10);
  const [oig, fetched] = await Promise.all([
    oigSignals(ports, request, today),
    fetchScreens(ports.findSanctions, { lastName: request.last_name, npi: request.npi }, request.state),
  ]);
  return { ...oig, fetched };
}

/**
 * The sanctions screens for the person: the request's name and date of birth, and the NPI and the
 * licenses the verification found (else the NPI supplied), so a row with another identifier is ruled out.
 */
function screensFor(
  signals: FederalSignals,
  request: VerificationRequest,
  now: Date,
  found: { readonly npi: string | null; readonly licenses: readonly BoardLicense[] } = { npi: null, licenses: [] },
): SanctionScreen[] {
  const npi = found.npi ?? request.npi;
  const person = {
    firstName: request.first_name,
    lastName: request.last_name,
    dob: request.dob,
    ...(npi ? { npi } : {}),
    licenses: found.licenses.map((l) => ({ state: l.state, number: l.licenseNumber })),
  };
  return matchScreens(signals.fetched, person, request.state, now.toISOString().slice(0, 10));
}

async function oigSignals(ports: VerificationPorts, request: VerificationRequest, today: string): Promise<Omit<FederalSignals, 'fetched'>> {
  const list = await ports.currentExclusionList();
  if (!list) return { exclusion: null, exclusions: [], oigAvailable: false, oig: { name: sourceNames.leie, status: 'unavailable', as_of: null } };
  const records = await ports.findExclusions(list, request.last_name);
  const matches = matchExclusions({ firstName: request.first_name, lastName: request.last_name, npi: request.npi, dob: request.dob }, records, today);
  return {
    exclusion: matches[0] ?? null,
    exclusions: matches,
    oigAvailable: true,
    oig: { name: sourceNames.leie, status: 'cached', as_of: list.checked_at ?? list.ingested_at, ...named(listFileEvidence(list, matches)) },
  };
}

/**
 * The ingested LEIE file the answer was read from, when it was archived (never the sandbox's list), with
 * the rows of it that matched (by their number in the file).
 */
function listFileEvidence(list: LeieListVersion, matches: readonly ExclusionMatch[]): EvidenceRef[] {
  if (list.archive_key === null || !sha256Pattern.test(list.sha256)) return [];
  const rows = [...new Set(matches.flatMap((m) => (m.record.fileRow === undefined ? [] : [m.record.fileRow])))].sort((a, b) => a - b);
  return [
    { kind: 'file', sha256: list.sha256, fetched_at: list.ingested_at, content_type: 'text/csv', size: list.stats.bytes, ...(rows.length > 0 ? { rows } : {}) },
  ];
}

/** A license the board calls active but whose expiry date has passed is expired. */
export function effectiveStatus(license: BoardLicense, today: string): BoardStatus {
  if (license.status === 'active' && license.expiryDate !== null && license.expiryDate < today) return 'expired';
  return license.status;
}

function outcome(partial: Partial<VerificationOutcome> & Pick<VerificationOutcome, 'status' | 'sources' | 'professionsCovered'>): VerificationOutcome {
  return {
    verified: false,
    license: null,
    disciplinary: false,
    professionConfirmed: false,
    identity: null,
    npi: null,
    registry: null,
    exclusion: null,
    exclusions: [],
    oigExcluded: false,
    sanctionScreens: [],
    board: null,
    matchNote: null,
    ...partial,
  };
}

/**
 * Why no one person was found, for the caller to act on: several people fit (with how many, never who,
 * and what tells them apart), or the supplied NPI's registry record names someone else.
 */
export type MatchNote =
  | { readonly reason: 'ambiguous'; readonly candidate_people: number; readonly resolve_with: readonly ('npi' | 'dob')[] }
  | { readonly reason: 'npi_other_person' };

function matchNoteOf(identity: Extract<ReturnType<typeof resolveIdentity>, { kind: 'not_found' }>): MatchNote | null {
  if (identity.reason === 'ambiguous') {
    return { reason: 'ambiguous', candidate_people: identity.candidates, resolve_with: identity.dobResolves ? ['npi', 'dob'] : ['npi'] };
  }
  return identity.reason === 'npi_other_person' ? { reason: 'npi_other_person' } : null;
}

export interface RunOptions {
  /** Ask the board even when a fresh cached answer exists (monitor re-checks); the cache still covers an outage. */
  readonly freshBoard?: boolean;
  /** When source calls must be done by; a source that cannot answer in time is unavailable for this request. */
  readonly deadline?: Deadline;
}

/** What the board, the exclusion list and the registry said for a request, before identity resolution. */
interface Lookups {
  readonly board: BoardFetched;
  readonly signals: FederalSignals;
  /** The registry record of the supplied NPI, when one was supplied. */
  readonly registry: Fetched<NppesIdentity | null> | undefined;
  /** Registry individuals with the request's name in the state, when no NPI was supplied. */
  readonly nameRegistry: Fetched<NppesIdentity[]> | undefined;
  readonly sources: readonly SourceReport[];
}

/**
 * One verification: the coverage checks, the lookups (in parallel), the search under the registry's
 * names, identity resolution and the chosen license. Each step is a function below.
 */
export async function runVerification(
  request: VerificationRequest,
  ports: VerificationPorts,
  now: Date,
  options: RunOptions = {},
): Promise<VerificationOutcome> {
  const board = (ports.boardFor ?? boardFor)(request.state);
  const covered = board ? professionsCovered(board) : [];
  // Federal signals are computed for every outcome (they stay valid when a board is down).
  const federal = exclusionSignals(ports, request, now);
  const registryLookup = request.npi ? registryByNpi(ports, request.npi, now, options.deadline) : undefined;

  const uncovered = !board
    ? 'unsupported_state'
    : request.profession && !covered.includes(request.profession) && board.uncoveredProfession === 'reject_before_lookup'
      ? 'profession_not_covered'
      : null;
  if (!board || uncovered) return federalOnlyOutcome(uncovered ?? 'unsupported_state', covered, federal, registryLookup, request, now);

  const lookups = await lookUp(ports, board, request, now, options, federal, registryLookup);
  const registryIdentity = lookups.registry?.ok ? lookups.registry.value : null;
  const oigFields = {
    exclusion: lookups.signals.exclusion,
    exclusions: lookups.signals.exclusions,
    oigExcluded: lookups.signals.exclusion !== null,
  };
  // Without a license found, the sanctions rows are matched on what the request gave.
  const withoutLicense = () => ({ ...oigFields, sanctionScreens: screensFor(lookups.signals, request, now) });
  if (!lookups.board.ok) return unavailableOutcome(lookups, covered, registryIdentity, withoutLicense());

  const evidence = registryEvidence(request, lookups.registry);
  const { licenses, freshness, extraEvidence } = await withRegistryNames(ports, board, request, now, options, lookups.board, evidence);
  const sources = withBoardEvidence(lookups.sources, board.sourceName, extraEvidence);
  const identity = resolveIdentity(
    { firstName: request.first_name, lastName: request.last_name, state: request.state, npi: request.npi, dob: request.dob },
    licenses,
    evidence,
    { numberScope: licenseNumberScopeOf(board), numberPrefix: board.licenseNumberPrefix },
  );
  const notFound = (matchNote: MatchNote | null = null) =>
    outcome({
      status: 'not_found',
      professionsCovered: covered,
      registry: registryIdentity,
      npi: null,
      sources,
      board: freshness,
      matchNote,
      ...withoutLicense(),
    });
  if (identity.kind === 'not_found') {
    // A board answer missing one of its sources (a roster beside open data), or rows it could not read,
    // cannot show that there is no license.
    if (isPartial(lookups.board.value)) {
      const reason = partialReason(lookups.board.value);
      return unavailableOutcome(
        { ...lookups, sources: reason ? markUnavailable(sources, board.sourceName, reason) : sources },
        covered,
        registryIdentity,
        withoutLicense(),
      );
    }
    return notFound(matchNoteOf(identity));
  }

  const chosen = rankLicenses(identity.licenses, request.profession)[0];
  if (!chosen) return notFound();
  const license = chosen.license;
  // A status outside the connector's vocabulary is no answer: never read as active or inactive.
  const unreadable = unreadableStatus(license);
  if (unreadable) {
    return unavailableOutcome(
      { ...lookups, sources: markUnavailable(sources, license.source || board.sourceName, unreadable) },
      covered,
      registryIdentity,
      withoutLicense(),
    );
  }
  const status = effectiveStatus(license, now.toISOString().slice(0, 10));
  const npi = identity.npi ?? npiListingLicense(lookups.nameRegistry, request.state, license, board);
  return outcome({
    status,
    verified: status === 'active' && lookups.signals.exclusion === null,
    license,
    disciplinary: identity.licenses.some((l) => l.disciplinary),
    professionConfirmed: license.profession !== null && (!request.profession || license.profession === request.profession),
    professionsCovered: covered,
    identity: { confidence: identity.confidence, basis: identity.basis },
    npi,
    registry: registryIdentity,
    sources,
    // A license from a roster is the ingested copy of a file, never live, whatever the state's other sources.
    board: license.source !== board.sourceName ? { cached: true, freshUntil: freshness.freshUntil } : freshness,
    ...oigFields,
    sanctionScreens: screensFor(lookups.signals, request, now, { npi, licenses: identity.licenses }),
  });
}

/** Outside the coverage (state or profession): the federal signals only. */
async function federalOnlyOutcome(
  status: OutcomeStatus,
  covered: readonly Profession[],
  federal: Promise<FederalSignals>,
  registryLookup: Promise<Fetched<NppesIdentity | null>> | undefined,
  request: VerificationRequest,
  now: Date,
): Promise<VerificationOutcome> {
  const [signals, registry] = await Promise.all([federal, registryLookup]);
  const identity = registry?.ok ? registry.value : null;
  return outcome({
    status,
    professionsCovered: covered,
    registry: identity,
    npi: identity ? identity.npi : null,
    exclusion: signals.exclusion,
    exclusions: signals.exclusions,
    oigExcluded: signals.exclusion !== null,
    sanctionScreens: screensFor(signals, request, now, { npi: identity?.npi ?? null, licenses: [] }),
    sources: [signals.oig, ...(registry ? [registry.report] : [])],
  });
}

/** The board search, the federal signals and the registry, in parallel. */
async function lookUp(
  ports: VerificationPorts,
  board: StateBoardDefinition,
  request: VerificationRequest,
  now: Date,
  options: RunOptions,
  federal: Promise<FederalSignals>,
  registryLookup: Promise<Fetched<NppesIdentity | null>> | undefined,
): Promise<Lookups> {
  const query = boardQueryOf(request, board);
  const [boardAnswer, signals, registry, nameRegistry] = await Promise.all([
    boardSearch(ports, board, query, now, options),
    federal,
    registryLookup,
    request.npi ? undefined : registryByName(ports, request, now, options.deadline),
  ]);
  const registrySources = [registry?.report ?? nameRegistry?.report].filter((r): r is SourceReport => r !== undefined);
  return { board: boardAnswer, signals, registry, nameRegistry, sources: [...boardAnswer.reports, signals.oig, ...registrySources] };
}

/** The board could not answer and nothing was cached: `source_unavailable`, unless every source is out (503). */
function unavailableOutcome(
  lookups: Lookups,
  covered: readonly Profession[],
  registryIdentity: NppesIdentity | null,
  exclusionFields: Pick<VerificationOutcome, 'exclusion' | 'exclusions' | 'oigExcluded' | 'sanctionScreens'>,
): VerificationOutcome {
  const registryAvailable = [lookups.registry?.report, lookups.nameRegistry?.report].some((r) => r !== undefined && r.status !== 'unavailable');
  if (!lookups.signals.oigAvailable && !registryAvailable) {
    throw new SourcesUnavailable();
  }
  return outcome({
    status: 'source_unavailable',
    professionsCovered: covered,
    registry: registryIdentity,
    npi: registryIdentity?.npi ?? null,
    sources: lookups.sources,
    ...exclusionFields,
  });
}

/** What the registry says about the supplied NPI, as identity evidence. */
function registryEvidence(request: VerificationRequest, registry: Fetched<NppesIdentity | null> | undefined): RegistryEvidence {
  if (!request.npi || !registry?.ok) return { kind: 'none' };
  return registry.value ? { kind: 'record', identity: registry.value } : { kind: 'unknown_npi' };
}

/**
 * The board's licenses, plus those held under a former name or under a form of the given name only the
 * registry's name reaches (searched under the registry's names too), with the freshness of the answers.
 */
async function withRegistryNames(
  ports: VerificationPorts,
  board: StateBoardDefinition,
  request: VerificationRequest,
  now: Date,
  options: RunOptions,
  boardAnswer: Extract<BoardFetched, { ok: true }>,
  evidence: RegistryEvidence,
): Promise<{ licenses: BoardLicense[]; freshness: { cached: boolean; freshUntil: string }; extraEvidence: readonly EvidenceRef[] }> {
  let licenses = [...boardAnswer.value.licenses];
  let freshness = { cached: boardAnswer.report.status === 'cached', freshUntil: boardAnswer.freshUntil };
  if (evidence.kind !== 'record' || !evidence.identity.name) return { licenses, freshness, extraEvidence: [] };
  const query = boardQueryOf(request, board);
  const names = [evidence.identity.name, ...evidence.identity.formerNames];
  const registryQuery: BoardQuery = {
    surnames: [...new Set(names.flatMap((n) => surnameQueryTerms(n.lastName)))].sort(),
    givenNames: givenNameForms(request.first_name, ...names.map((n) => n.firstName)),
    ...(query.profession ? { profession: query.profession } : {}),
  };
  if (registryQuery.givenNames.prefixes.length === 0 || covers(query, registryQuery)) return { licenses, freshness, extraEvidence: [] };
  const extra = await boardSearch(ports, board, registryQuery, now, options);
  if (extra.ok) {
    const seen = new Set(licenses.map((l) => `${l.datasetId}#${l.licenseNumber}#${l.licenseType}`));
    licenses = [...licenses, ...extra.value.licenses.filter((l) => !seen.has(`${l.datasetId}#${l.licenseNumber}#${l.licenseType}`))];
    if (extra.report.status === 'cached' && extra.freshUntil < freshness.freshUntil) freshness = { cached: true, freshUntil: extra.freshUntil };
  }
  return { licenses, freshness, extraEvidence: extra.ok ? (extra.report.evidence ?? []) : [] };
}

/** `sources` with the evidence of a second board search (under the registry's names) added to the board's report. */
function withBoardEvidence(sources: readonly SourceReport[], boardName: string, extra: readonly EvidenceRef[]): readonly SourceReport[] {
  if (extra.length === 0) return sources;
  return sources.map((s) => (s.name === boardName && s.status !== 'unavailable' ? { ...s, evidence: [...(s.evidence ?? []), ...extra] } : s));
}

/** The NPI of the one registry individual (found by name) that lists this license, if exactly one does. */
function npiListingLicense(
  nameRegistry: Fetched<NppesIdentity[]> | undefined,
  state: string,
  license: BoardLicense,
  board: StateBoardDefinition,
): string | null {
  if (!nameRegistry?.ok) return null;
  const listing = nameRegistry.value.filter((r) =>
    r.taxonomies.some((t) => t.state === state && t.licenseNumber && licenseNumbersAgree(t.licenseNumber, license.licenseNumber, board.licenseNumberPrefix)),
  );
  return listing.length === 1 ? listing[0]!.npi : null;
}
