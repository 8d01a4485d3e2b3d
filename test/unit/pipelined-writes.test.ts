import { describe, expect, it } from 'vitest';
import { Deadline } from '#shared/platform/deadline.ts';
import { LoadOutOfTime, loadStopReserveMs, PipelinedWrites } from '#shared/features/sources/lists/ingest-steps.ts';

const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ row: from + i }));

describe('PipelinedWrites tracking a load position', () => {
  it('skips the rows an earlier invocation wrote', async () => {
    const written: number[] = [];
    const writes = new PipelinedWrites<{ row: number }>(async (chunk) => {
      written.push(...chunk.map((r) => r.row));
    }, 10);
    writes.track({ rowOf: (r) => r.row, skipThrough: 35 });
    for (const r of rows(2, 60)) await writes.push(r);
    await writes.finish();
    expect(written).toEqual(rows(36, 60).map((r) => r.row));
  });

  it('stops before the deadline with the row up to which every row is written, though later chunks finished first', async () => {
    const written = new Set<number>();
    let chunk = 0;
    const writes = new PipelinedWrites<{ row: number }>(
      async (rows) => {
        // The second chunk is slow and fails: rows after it are not counted written, though the third chunk is.
        const n = ++chunk;
        if (n === 2) {
          await new Promise((r) => setTimeout(r, 20));
          throw new Error('throttled throughout');
        }
        for (const r of rows) written.add(r.row);
      },
      10,
      4,
    );
    // The clock moves one millisecond each time it is read: the load stops after about 35 rows.
    let tick = 0;
    writes.track({ rowOf: (r) => r.row, stopBy: Deadline.after(loadStopReserveMs + 35, () => tick++) });
    let stopped: unknown;
    try {
      for (const r of rows(2, 200)) await writes.push(r);
    } catch (error) {
      stopped = error;
    }
    expect(stopped).toBeInstanceOf(LoadOutOfTime);
    expect((stopped as LoadOutOfTime).rowsDone).toBe(11);
    expect(written.has(25)).toBe(true);
  });
});
