/**
 * A load resumed after an invocation ran out of time keeps its progress only while it may still finish:
 * stopped again for lack of time, it saves where it is; refused (a malformed file, a parse limit, the
 * plausibility rules), it forgets its progress, so the next invocation does not resume the same version
 * only to refuse it again; finished, it forgets it too.
 */
import { describe, expect, it } from 'vitest';
import { SourceError } from '#shared/features/sources/errors.ts';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { LoadOutOfTime } from '#shared/features/sources/lists/ingest-steps.ts';
import {
  LoadInterrupted,
  type LoadProgress,
  type LoadProgressRecords,
  LoadProgressStore,
  ResumableLoad,
} from '#shared/features/sources/lists/load-progress.ts';
import { rejectionOf } from '../support/rejection.ts';

const now = new Date('2026-11-02T10:00:00Z');
const subject = {
  version: '20261102T093000Z-aaaaaaaaaaaa',
  started_at: '2026-11-02T09:30:00.000Z',
  sha256: 'a'.repeat(64),
  files: [{ name: 'list.csv', sha256: 'a'.repeat(64), etag: null, last_modified: null, archive_key: 'lists/x/2026-11-02/list.csv' }],
};
const stopped: LoadProgress = { ...subject, rows_done: 5_000, interruptions: 1, saved_at: '2026-11-02T09:44:00.000Z' };

/** Progress records in memory, one source. */
function records(initial: LoadProgress | undefined): LoadProgressRecords & { saved: LoadProgress | undefined } {
  const state = { saved: initial };
  return {
    get saved() {
      return state.saved;
    },
    recorded: async () => state.saved,
    currentSince: async () => undefined,
    save: async (_source, progress) => {
      state.saved = progress;
    },
    clear: async (_source, version) => {
      if (state.saved?.version === version) state.saved = undefined;
    },
  };
}

const archive = async () => undefined;

describe('a resumed load', () => {
  it('out of time again, saves the row it reached and counts the interruption', async () => {
    const progress = records(stopped);
    const resumed = await new LoadProgressStore('sam', progress).resumable(now);
    const load = new ResumableLoad('sam', subject, resumed, archive, progress);
    await rejectionOf(
      load.write(async (skipThrough) => {
        expect(skipThrough).toBe(5_000);
        throw new LoadOutOfTime(9_000);
      }),
      LoadInterrupted,
    );
    expect(progress.saved).toMatchObject({ version: subject.version, rows_done: 9_000, interruptions: 2 });
  });

  it('refused while writing, a malformed file or a parse limit alike, forgets its progress', async () => {
    for (const refusal of [
      new SourceError('SAM.gov exclusions', 'malformed', 'the file has no rows'),
      new IngestRefusal('SAM.gov exclusions', 'limit', 'row too long'),
    ]) {
      const progress = records(stopped);
      const load = new ResumableLoad('sam', subject, await new LoadProgressStore('sam', progress).resumable(now), archive, progress);
      expect(
        await load
          .write(async () => {
            throw refusal;
          })
          .catch((error: unknown) => error),
      ).toBe(refusal);
      expect(progress.saved).toBeUndefined();
    }
  });

  it('refused by the plausibility rules once written, forgets its progress: the next invocation does not resume it', async () => {
    const progress = records(stopped);
    const load = new ResumableLoad('sam', subject, await new LoadProgressStore('sam', progress).resumable(now), archive, progress);
    await load.write(async () => ({ rows: 10_000 }));
    const refusal = new IngestRefusal('sam', 'implausible', 'the file stands for 2026-10-01, before the version in force (2026-11-01)');
    expect(
      await load
        .judge(async () => {
          throw refusal;
        })
        .catch((error: unknown) => error),
    ).toBe(refusal);
    expect(progress.saved).toBeUndefined();
    expect(await new LoadProgressStore('sam', progress).resumable(now)).toBeUndefined();
  });

  it('judged acceptable, keeps its progress until it has switched', async () => {
    const progress = records(stopped);
    const load = new ResumableLoad('sam', subject, await new LoadProgressStore('sam', progress).resumable(now), archive, progress);
    await load.write(async () => ({ rows: 10_000 }));
    expect(await load.judge(async () => 'accepted')).toBe('accepted');
    expect(progress.saved).toEqual(stopped);
    await load.finished();
    expect(progress.saved).toBeUndefined();
  });

  it('settles: a held version is not switched to; an accepted one is, its review closed with whether it won the switch', async () => {
    for (const [decision, wins, expected, switches, finished] of [
      ['held', true, 'held', 0, []],
      ['accepted', true, 'switched', 1, [true]],
      ['accepted', false, 'superseded', 1, [false]],
    ] as const) {
      const progress = records(stopped);
      const load = new ResumableLoad('sam', subject, await new LoadProgressStore('sam', progress).resumable(now), archive, progress);
      await load.write(async () => ({ rows: 10_000 }));
      let switchCalls = 0;
      const closed: boolean[] = [];
      const settled = await load.settle({ decision: { decision }, finish: async (switched) => void closed.push(switched) }, async () => {
        switchCalls++;
        return wins;
      });
      expect([settled, switchCalls, closed], `${decision}, wins ${wins}`).toEqual([expected, switches, finished]);
      expect(progress.saved).toBeUndefined();
    }
  });
});
