/**
 * Every load of a list or roster through the plausibility rules (load-plausibility.ts), and the review
 * of a held one.
 *
 * A load's rows are written under its new version first (as before); then the version in force is read
 * again from its archived file(s) and compared with the new file row by row, in memory by identity
 * (a few hundred bytes an identity: some 200 MB for the NPPES report's 355,000 rows, within the
 * ingest's 1 GB). Then:
 *
 * - accepted: the pointer switches as before;
 * - refused (an older file, a roster's declared file missing, a file rejected on review): `IngestRefusal`
 *   (kind `implausible`; the worker reports it and does not retry), the version in force stays;
 * - held: the pointer does not switch; the new version's rows stay written (they expire after 90 days
 *   unless accepted), and the held version, its reasons and the difference with examples are kept in
 *   the SourceState item `<source>#review`. The `SourceLoadsHeld` metric alarms (`SourceLoadHeld`), and
 *   the worker finishes normally. `npm run admin -- ingest review <source>` shows it; `accept` switches
 *   the pointer to it (only if the version in force is still the one it was compared with, and within
 *   `heldReviewDays`), `reject` drops it and refuses the same file if it is offered again.
 *
 * Every load, scheduled or by an operator, and every review decision is recorded: as `last_load` on the
 * review item, and as a JSON object in the source archive bucket under `loads/<source>/` (trigger, file
 * hashes and archive keys, counts, difference, decision and reasons). The review items are a port
 * (`ReviewItems`, adapters/dynamo-review-items.ts), the bucket another (`SourceArchive`).
 */
import { logger } from '../../../platform/observability/logger.ts';
import { recordMetric } from '../../../platform/observability/metrics.ts';
import { IngestRefusal } from '../ingest-refusal.ts';
import type { SourceArchive } from '../lists/ingest-steps.ts';
import type { PointedVersion, SourcePointers } from '../lists/source-pointer.ts';
import { rowTtlDays } from '../lists/versioned-rows.ts';
import {
  type ChangeBudget,
  type DigestRow,
  diffVersions,
  digestsByIdentity,
  judgeLoad,
  type LoadDecision,
  matchDeclaredFiles,
  type VersionDiff,
} from './load-plausibility.ts';

/**
 * How long a held version can be accepted: its rows were written when it was held and expire
 * `rowTtlDays` later; they are renewed only once current, so a version accepted late would be answered
 * from for too short a time. Two weeks leaves the rows 76 days once accepted (renewal rewrites them
 * after 45).
 */
export const heldReviewDays = 14;

export type LoadTrigger = 'scheduled' | 'operator';

/** A file of a load: its name, hash and where its raw bytes are archived. */
export interface LoadFile {
  readonly name: string;
  readonly sha256: string;
  readonly archive_key: string;
}

/** What a load or review did, as recorded. */
export interface LoadRecord {
  readonly source: string;
  readonly at: string;
  readonly trigger: LoadTrigger;
  readonly decision: 'accepted' | 'held' | 'refused' | 'superseded' | 'accepted_on_review' | 'rejected_on_review';
  readonly basis?: string;
  readonly reasons: readonly string[];
  readonly version: string;
  readonly previous_version: string | null;
  readonly as_of: string;
  readonly previous_as_of: string | null;
  readonly files: readonly LoadFile[];
  readonly rows: number;
  readonly diff: VersionDiff | null;
  /** The operator's reason (a rollback, a rejection). */
  readonly operator_reason?: string;
}

/** A version held for review. */
export interface HeldLoad {
  readonly version: string;
  /** The version in force it was compared with: accepting switches from it, and only from it. */
  readonly previous_version: string | null;
  /** The content hash of the load (a list's file, a roster's files together). */
  readonly sha256: string;
  readonly held_at: string;
  readonly reviewable_until: string;
  readonly as_of: string;
  readonly trigger: LoadTrigger;
  readonly reasons: readonly string[];
  readonly diff: VersionDiff | null;
  readonly files: readonly LoadFile[];
  /** The pointer the source switches to when accepted. */
  readonly next: PointedVersion & { readonly as_of: string };
}

/** The review item of a source (SourceState `<source>#review`). */
export interface ReviewState {
  readonly source: string;
  readonly held?: HeldLoad;
  readonly last_load?: LoadRecord;
  /** Content hashes of loads an operator rejected: the same file is refused if offered again. */
  readonly rejected_sha256?: readonly string[];
}

/** The review items of the sources (SourceState `<source>#review`). */
export interface ReviewItems {
  /** The review item of a source, if any. */
  state(source: string): Promise<ReviewState | undefined>;
  /** Sets the attributes `set` (without their undefined values) and removes those of `remove`. */
  update(source: string, set: Record<string, unknown>, remove: readonly string[]): Promise<void>;
}

/** Where loads and reviews are recorded: the review items, and the source archive for the records. */
export interface LoadReviewPorts {
  readonly reviews: ReviewItems;
  readonly archive: SourceArchive;
}

/** The review item of a source, if any. */
export function reviewStateOf(ports: Pick<LoadReviewPorts, 'reviews'>, source: string): Promise<ReviewState | undefined> {
  return ports.reviews.state(source);
}

/** Keeps the record in the source archive bucket (`loads/<source>/<time>-<decision>.json`) and on the review item. */
async function keepRecord(
  ports: LoadReviewPorts,
  record: LoadRecord,
  reviewSet: Record<string, unknown> = {},
  reviewRemove: readonly string[] = [],
): Promise<void> {
  await ports.archive.keepJson(`loads/${record.source}/${record.at.replace(/[-:.]/g, '')}-${record.decision}.json`, JSON.stringify(record));
  await ports.reviews.update(record.source, { ...reviewSet, last_load: record }, reviewRemove);
  logger.info('Source load recorded', {
    source: record.source,
    trigger: record.trigger,
    decision: record.decision,
    version: record.version,
    previous_version: record.previous_version,
    reasons: record.reasons,
  });
}

/** What a load under the rules is about. */
export interface LoadUnderReview {
  readonly source: string;
  readonly budget: ChangeBudget;
  readonly trigger: LoadTrigger;
  /** The operator's reason for loading this file on purpose (`--rollback --reason`). */
  readonly rollback?: string;
  readonly current: (PointedVersion & { readonly as_of: string }) | undefined;
  readonly next: PointedVersion & { readonly as_of: string };
  readonly sha256: string;
  readonly files: readonly LoadFile[];
  readonly rows: number;
  /** The rows of the version in force (from its archived files), and of the new one. */
  readonly currentRows: () => Promise<Iterable<DigestRow>>;
  readonly nextRows: () => Promise<Iterable<DigestRow>>;
  readonly now: Date;
}

/**
 * Refuses a load of a file an operator rejected (unless loaded on purpose), and answers the held load
 * of the same content when it is offered again (it is not read again; the alarm's metric is emitted
 * again while it waits).
 */
export async function earlierReview(ports: LoadReviewPorts, source: string, sha256: string, rollback: string | undefined): Promise<HeldLoad | undefined> {
  const state = await reviewStateOf(ports, source);
  if (rollback === undefined && state?.rejected_sha256?.includes(sha256)) {
    throw new IngestRefusal(
      source,
      'implausible',
      `this file (SHA-256 ${sha256.slice(0, 12)}…) was rejected on review; load it on purpose with --rollback --reason`,
    );
  }
  if (state?.held?.sha256 === sha256) {
    recordMetric('sourceLoadsHeld', 1, { source });
    recordMetric('sourceLoadsHeldAll', 1, {});
    logger.warn('Source load still held for review', { source, version: state.held.version, held_at: state.held.held_at });
    return state.held;
  }
  return undefined;
}

/**
 * Refuses (recorded) a load whose files are not the roster's declared files: one missing (a roster
 * loaded with its physicians' file only would drop every allied-health licensee), or one that stands
 * for none of them. The files it was given are archived first (`archive`, called only on a refusal:
 * the key it kept, or '' when it could not, as `keptOrNot` answers), so the record names them as the
 * other refused loads' records do.
 */
export async function refuseUndeclaredFiles(
  ports: LoadReviewPorts,
  source: string,
  declared: readonly string[],
  given: readonly { readonly name: string; readonly sha256: string; readonly archive: () => Promise<string> }[],
  trigger: LoadTrigger,
  now: Date,
): Promise<void> {
  const match = matchDeclaredFiles(
    declared,
    given.map((f) => f.name),
  );
  if (match.missing.length === 0 && match.unknown.length === 0) return;
  const reasons = [
    ...(match.missing.length ? [`the roster's declared file(s) ${match.missing.join(', ')} missing: a load needs every one of ${declared.join(', ')}`] : []),
    ...(match.unknown.length ? [`file(s) ${match.unknown.join(', ')} stand for none of the declared files ${declared.join(', ')}`] : []),
  ];
  const files: LoadFile[] = [];
  for (const file of given) files.push({ name: file.name, sha256: file.sha256, archive_key: await file.archive() });
  await keepRecord(ports, {
    source,
    at: now.toISOString(),
    trigger,
    decision: 'refused',
    reasons,
    version: '',
    previous_version: null,
    as_of: '',
    previous_as_of: null,
    files,
    rows: 0,
    diff: null,
  });
  throw new IngestRefusal(source, 'implausible', reasons.join('; '), { recorded: true });
}

/**
 * Records a load refused before the plausibility rules judged it (past a parse limit, an archive that
 * cannot be read safely, a link or redirect off the source's hosts, a file rejected on review before),
 * with the files it had fetched (archived, where it got that far). A refusal the rules recorded already
 * (`IngestRefusal.recorded`) is not recorded twice. Recording never hides the refusal: a failure to
 * record is logged.
 */
export async function recordRefusedLoad(
  ports: LoadReviewPorts,
  refused: {
    readonly source: string;
    readonly trigger: LoadTrigger;
    readonly refusal: IngestRefusal;
    readonly files: readonly LoadFile[];
    readonly now: Date;
  },
): Promise<void> {
  if (refused.refusal.recorded) return;
  try {
    await keepRecord(ports, {
      source: refused.source,
      at: refused.now.toISOString(),
      trigger: refused.trigger,
      decision: 'refused',
      basis: refused.refusal.kind,
      reasons: [refused.refusal.message],
      version: '',
      previous_version: null,
      as_of: '',
      previous_as_of: null,
      files: refused.files,
      rows: 0,
      diff: null,
    });
  } catch (error) {
    logger.error('Refused source load could not be recorded', { source: refused.source, reason: (error as Error).message });
  }
}

/** Keeps a refused load's raw file in the archive: its key, or '' when it could not be kept (logged). */
export async function keptOrNot(keep: () => Promise<unknown>, key: string): Promise<string> {
  try {
    await keep();
    return key;
  } catch (error) {
    logger.error('Refused source file could not be archived', { key, reason: (error as Error).message });
    return '';
  }
}

export interface ReviewedLoad {
  readonly decision: LoadDecision;
  readonly diff: VersionDiff | null;
  /** Records the load once the pointer switched, or did not (another ingest switched first). */
  readonly finish: (switched: boolean) => Promise<void>;
}

/**
 * Judges a load whose rows are written: refused (throws `IngestRefusal`, recorded), held (recorded,
 * kept for review, alarmed), or accepted (recorded by `finish` once the pointer switched).
 */
export async function reviewLoad(ports: LoadReviewPorts, load: LoadUnderReview): Promise<ReviewedLoad> {
  let diff: VersionDiff | null = null;
  let unreadable: string | undefined;
  if (load.current && load.rollback === undefined && load.next.as_of >= load.current.as_of) {
    let current: Iterable<DigestRow> | undefined;
    try {
      current = await load.currentRows();
    } catch (error) {
      // Nothing to compare with (the archived file cannot be read as the source is read now): an operator looks.
      unreadable = `the version in force could not be read from its archive to compare with (${(error as Error).message})`;
    }
    if (current) diff = diffVersions(digestsByIdentity(current), digestsByIdentity(await load.nextRows()));
  }
  const judged = judgeLoad({ current: load.current, next: load.next, diff, budget: load.budget, rollback: load.rollback });
  const decision: LoadDecision =
    unreadable && judged.decision !== 'refused' ? { decision: 'held', reasons: [...(judged.decision === 'held' ? judged.reasons : []), unreadable] } : judged;
  const record = (outcome: LoadRecord['decision'], basis?: string): LoadRecord => ({
    source: load.source,
    at: load.now.toISOString(),
    trigger: load.trigger,
    decision: outcome,
    ...(basis ? { basis } : {}),
    reasons: [...decision.reasons],
    version: load.next.version,
    previous_version: load.current?.version ?? null,
    as_of: load.next.as_of,
    previous_as_of: load.current?.as_of ?? null,
    files: load.files,
    rows: load.rows,
    diff,
    ...(load.rollback !== undefined ? { operator_reason: load.rollback } : {}),
  });
  if (decision.decision === 'refused') {
    await keepRecord(ports, record('refused'));
    throw new IngestRefusal(load.source, 'implausible', decision.reasons.join('; '), { recorded: true });
  }
  if (decision.decision === 'held') {
    const held: HeldLoad = {
      version: load.next.version,
      previous_version: load.current?.version ?? null,
      sha256: load.sha256,
      held_at: load.now.toISOString(),
      reviewable_until: new Date(load.now.getTime() + heldReviewDays * 86_400_000).toISOString(),
      as_of: load.next.as_of,
      trigger: load.trigger,
      reasons: decision.reasons,
      diff,
      files: load.files,
      next: load.next,
    };
    await keepRecord(ports, record('held'), { held });
    recordMetric('sourceLoadsHeld', 1, { source: load.source });
    recordMetric('sourceLoadsHeldAll', 1, {});
    logger.warn('Source load held for review; the version in force keeps answering', {
      source: load.source,
      version: held.version,
      current_version: held.previous_version,
      reasons: decision.reasons,
      added: diff?.added,
      removed: diff?.removed,
      changed: diff?.changed,
    });
    return { decision, diff, finish: async () => {} };
  }
  return {
    decision,
    diff,
    // A newer accepted version makes a held one moot: it was compared with a version no longer in force.
    finish: (switched) => keepRecord(ports, record(switched ? 'accepted' : 'superseded', decision.basis), {}, switched ? ['held'] : []),
  };
}

export class ReviewError extends Error {}

/** Accepts the held version of a source: the pointer switches to it (recorded). */
export async function acceptHeld(
  ports: LoadReviewPorts & { readonly pointers: SourcePointers },
  source: string,
  now: Date,
  operatorReason?: string,
): Promise<LoadRecord> {
  const held = (await reviewStateOf(ports, source))?.held;
  if (!held) throw new ReviewError(`${source}: no load is held for review`);
  if (now.toISOString() > held.reviewable_until) {
    throw new ReviewError(
      `${source}: the held version ${held.version} could be accepted until ${held.reviewable_until} (its rows expire ${rowTtlDays} days after it was held); load the file again`,
    );
  }
  const switched = await ports.pointers.switchTo(source, { ...held.next, checked_at: now.toISOString() } as PointedVersion, held.previous_version ?? undefined);
  if (!switched) {
    throw new ReviewError(
      `${source}: the version in force is no longer ${held.previous_version}, which the held version was compared with; load the file again`,
    );
  }
  const record = reviewDecision(source, held, 'accepted_on_review', now, operatorReason);
  await keepRecord(ports, record, {}, ['held']);
  return record;
}

/** The record of an operator's decision on a held version. */
function reviewDecision(source: string, held: HeldLoad, decision: 'accepted_on_review' | 'rejected_on_review', now: Date, operatorReason?: string): LoadRecord {
  return {
    source,
    at: now.toISOString(),
    trigger: 'operator',
    decision,
    reasons: [...held.reasons],
    version: held.version,
    previous_version: held.previous_version,
    as_of: held.as_of,
    previous_as_of: null,
    files: held.files,
    rows: held.diff?.next_rows ?? 0,
    diff: held.diff,
    ...(operatorReason ? { operator_reason: operatorReason } : {}),
  };
}

/** Rejects the held version of a source: it is dropped, and the same content is refused if offered again (recorded). */
export async function rejectHeld(ports: LoadReviewPorts, source: string, now: Date, operatorReason?: string): Promise<LoadRecord> {
  const state = await reviewStateOf(ports, source);
  const held = state?.held;
  if (!held) throw new ReviewError(`${source}: no load is held for review`);
  const record = reviewDecision(source, held, 'rejected_on_review', now, operatorReason);
  // The last few rejected files are remembered.
  const rejected = [...(state?.rejected_sha256 ?? []), held.sha256].slice(-20);
  await keepRecord(ports, record, { rejected_sha256: rejected }, ['held']);
  return record;
}
