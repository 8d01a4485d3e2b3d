/**
 * The walkthroughs run as written: each document's commands are run in order in one bash against
 * `npm start`, with the keys it printed and its URL in place of the document's, and each command's
 * output has the shape of the output the document shows (doc-runner.ts).
 */
import { exec } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDataDir } from '../../local/stack.ts';
import { docBlocks, jsonValues, runBlocks, shapeOf, textShape } from '../support/doc-runner.ts';
import { npmStart, repositoryRoot, type Started, shellEnv, stopNpmStart } from '../support/npm-start.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';

let data: SourceDataCopy;
let stateDir: string;
let work: string;
let started: Started;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  stateDir = await mkdtemp(join(tmpdir(), 'lvs-walkthrough-state-'));
  work = await mkdtemp(join(tmpdir(), 'lvs-walkthrough-'));
  // The export worker starts a few seconds after the request instead of a minute.
  started = await npmStart({ stateDir, sourceDataDir: data.dir, env: { HISTORY_EXPORT_SETTLE_SECONDS: '3' } });
  await warmUp();
}, 240_000);

/**
 * One live verification from an account of its own before the document runs, so that the document's
 * first request does not also pay for loading the handlers and the sources on a busy machine (where a
 * cold source can miss its 2.5 s per-attempt limit); the demo account's history stays the document's.
 */
async function warmUp(): Promise<void> {
  const { stdout } = await promisify(exec)('npm run --silent admin -- create-key --plan production --mode live', {
    cwd: repositoryRoot,
    env: { ...shellEnv, LOCAL_STATE_DIR: stateDir },
  });
  const key = (JSON.parse(stdout) as { api_key: string }).api_key;
  const res = await fetch(`${started.url}/v1/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' }),
  });
  expect(res.status).toBe(200);
}
afterAll(async () => {
  if (started) await stopNpmStart(started);
  await data.remove();
  await rm(stateDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('docs/walkthroughs/history-and-export.md', () => {
  it('runs as written, each command printing what the document shows, in shape', async () => {
    const doc = await readFile(join(repositoryRoot, 'docs', 'walkthroughs', 'history-and-export.md'), 'utf8');
    const liveKey = /live key: (\S+)/.exec(started.output)![1]!;
    const testKey = /test key: (\S+)/.exec(started.output)![1]!;
    // The first block starts the stack, which the test has done.
    const blocks = docBlocks(doc)
      .slice(1)
      .map((b) => ({
        ...b,
        command: b.command.replaceAll('svc_live_…', liveKey).replaceAll('svc_test_…', testKey).replaceAll('http://127.0.0.1:3202', started.url),
      }));
    expect(blocks.length).toBeGreaterThan(8);
    for (const b of blocks) expect(b.command, 'a command elided with …').not.toContain('…');
    const outputs = await runBlocks(blocks, work, {}, 240_000);
    blocks.forEach((block, i) => {
      const shown = block.shown;
      if (!shown) return;
      const got = outputs[i]!;
      const what = `block ${i + 1}:\n${block.command}\nprinted:\n${got}`;
      if (shown.kind === 'json') {
        const expected = jsonValues(shown.text).map(shapeOf);
        expect(jsonValues(got).map(shapeOf), what).toEqual(expected);
      } else {
        // Headers a command greps for are the lines it shows; the rest of a text block is its lines' fields.
        expect(textShape(got, shown.kind), what).toEqual(textShape(shown.text, shown.kind));
      }
    });
  }, 300_000);
});
