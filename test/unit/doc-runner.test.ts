/** The document runner pairs each command with the output shown after it and compares them in shape. */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  conventionProblems,
  docBlocks,
  jsonValues,
  localised,
  redactKeys,
  runBlocks,
  shapeMismatch,
  shapeOf,
  textShape,
  withoutComments,
} from '../support/doc-runner.ts';

describe('doc runner', () => {
  it('pairs each sh block with the json, text or csv block right after it, and none with prose between', () => {
    const doc = [
      '```sh',
      'echo 1',
      '```',
      '',
      '```json',
      '{"a":1}',
      '```',
      '```sh',
      'echo 2',
      '```',
      'prose',
      '```sh',
      'echo 3',
      '```',
      '```text',
      'x\ty',
      '```',
    ].join('\n');
    expect(docBlocks(doc)).toEqual([
      { command: 'echo 1\n', line: 1, shown: { kind: 'json', text: '{"a":1}\n' } },
      { command: 'echo 2\n', line: 8 },
      { command: 'echo 3\n', line: 12, shown: { kind: 'text', text: 'x\ty\n' } },
    ]);
  });

  it('reads why a block is not run from the comment before it, and an example listing as not a command', () => {
    const doc = [
      '<!-- not run: starts the stack (the test starts it) -->',
      '```sh',
      'npm start',
      '```',
      '<!-- example: quickstart.sh -->',
      '```sh',
      'set -euo pipefail',
      '```',
      '<!-- not run: a deployed stage -->',
      'text between',
      '```sh',
      'echo run',
      '```',
    ].join('\n');
    expect(docBlocks(doc).map((b) => b.notRun)).toEqual(['starts the stack (the test starts it)', 'the listing of docs/examples/quickstart.sh', undefined]);
  });

  it('names what breaks the conventions: a key or the URL not set as KEY, LIVE_KEY, BASE; an elision; an output it cannot compare', () => {
    const ok = docBlocks(
      ['```sh', 'export BASE=http://127.0.0.1:3000 KEY=svc_test_… LIVE_KEY=svc_live_…', 'curl -s $BASE/x  # answers {"a": "…"}', '```'].join('\n'),
    );
    expect(conventionProblems(ok)).toEqual([]);
    const bad = docBlocks(
      [
        '```sh',
        'BASE=http://127.0.0.1:3000 ADMIN=svc_live_…',
        'curl -s http://127.0.0.1:3000/v1/keys/key_3f9s… -H "Authorization: Bearer svc_test_…"',
        'KEY=svc_live_…',
        '```',
        '',
        '```',
        'output',
        '```',
      ].join('\n'),
    );
    expect(conventionProblems(bad)).toEqual([
      'line 1: a test key written other than as KEY=svc_test_…',
      'line 1: a live key written other than as LIVE_KEY=svc_live_…',
      'line 1: KEY is the test key and LIVE_KEY the live key',
      "line 1: the stack's URL written other than as BASE=http://127.0.0.1:3000",
      'line 1: a command elided with …',
      'line 1: the output shown after it is a `(none)` block, which is not compared (json, text or csv)',
    ]);
    expect(conventionProblems(docBlocks('```sh\ncurl -s x\n```\n'))).toEqual(['no block sets BASE=http://127.0.0.1:<port>']);
  });

  it('drops comments but not a # inside quotes or a word', () => {
    expect(withoutComments('curl "$BASE/docs#x" # note\n# whole line\njq \'.a # b\' x#y')).toBe('curl "$BASE/docs#x" \n\njq \'.a # b\' x#y');
    expect(withoutComments('jq -c "{s: \\"$s\\"}" # c')).toBe('jq -c "{s: \\"$s\\"}" ');
  });

  it('puts the stack, the keys and a free port for each receiver in place of the document’s', async () => {
    const blocks = docBlocks(
      [
        '<!-- not run: starts the stack -->',
        '```sh',
        'PORT=3203 npm start',
        '```',
        '```sh',
        'export BASE=http://127.0.0.1:3203 KEY=svc_test_… LIVE_KEY=svc_live_…',
        'PORT=8089 node docs/examples/receiver.mjs &',
        'curl -d \'{"webhook_url":"http://127.0.0.1:8089/hooks"}\' $BASE/v1/monitor',
        '```',
      ].join('\n'),
    );
    const [run, ...rest] = await localised(blocks, { url: 'http://127.0.0.1:41000', testKey: 'svc_test_T', liveKey: 'svc_live_L' });
    expect(rest).toEqual([]);
    const port = /PORT=(\d+) node/.exec(run!.command)![1]!;
    expect(port).not.toBe('8089');
    expect(run!.command).toBe(
      [
        'export BASE=http://127.0.0.1:41000 KEY=svc_test_T LIVE_KEY=svc_live_L',
        `PORT=${port} node docs/examples/receiver.mjs &`,
        `curl -d '{"webhook_url":"http://127.0.0.1:${port}/hooks"}' $BASE/v1/monitor`,
        '',
      ].join('\n'),
    );
    await expect(localised(docBlocks('```sh\nexport BASE=http://127.0.0.1:3000 LIVE_KEY=svc_live_…\n```\n'), { url: 'u' })).rejects.toThrow('needs a live key');
  });

  it('runs the blocks in one bash, each block’s output apart, and stops what a block left running in the background', async () => {
    const blocks = docBlocks('```sh\nX=1\nsleep 30 &\nprintf a\n```\n\n```sh\necho "$X"\n```\n');
    const started = Date.now();
    const runs = await runBlocks(blocks, { cwd: tmpdir(), timeoutMs: 20_000 });
    expect(runs.map((r) => r.stdout)).toEqual(['a', '1\n']);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('a failing or unfinished command stops the run, naming the document’s line and command as written, keys as hints', async () => {
    const key = 'svc_live_UstFq8W2nE4rT6yU1iO3pA5sD7fG9hJ0kLz29s7c';
    const asWritten = docBlocks('```sh\necho one\n```\n\n```sh\necho "$LIVE_KEY"; false\n```\n');
    const run = asWritten.map((b) => ({ ...b, command: b.command.replace('$LIVE_KEY', key) }));
    const failed = await runBlocks(run, { cwd: tmpdir(), timeoutMs: 20_000, asWritten }).catch((e: Error) => e.message);
    expect(failed).toMatch(/^the block at line 5 failed \(exit 1\):\necho "\$LIVE_KEY"; false\n/);
    expect(failed).toContain('svc_live_…9s7c');
    expect(failed).not.toContain(key);
    const slow = await runBlocks(docBlocks('```sh\nsleep 20\n```\n'), { cwd: tmpdir(), timeoutMs: 1_000 }).catch((e: Error) => e.message);
    expect(slow).toMatch(/^the block at line 1 did not finish within 1 s/);
    const drifted = docBlocks('```sh\necho \'{"a":1}\'\n```\n\n```json\n{"a":1,"b":2}\n```\n\n```sh\nfalse\n```\n');
    const after = await runBlocks(drifted, { cwd: tmpdir(), timeoutMs: 20_000 }).catch((e: Error) => e.message);
    expect(after).toMatch(
      /^the block at line 9 failed \(exit 1\):\nfalse\n[\s\S]*Before it, outputs unlike the document's:\nline 1: the output's shape differs/,
    );
  });

  it('shows keys in failure messages only as hints', () => {
    expect(redactKeys('Bearer svc_live_UstFq8W2nE4rT6yU1iO3pA5sD7fG9hJ0kLz29s7c.')).toBe('Bearer svc_live_…9s7c.');
  });

  it('tells shapes apart: a missing key, a null for a string, an empty list, a field too few', () => {
    expect(shapeOf({ a: 'x', b: [{ c: 1 }] })).toEqual(shapeOf({ a: 'y', b: [{ c: 2 }, { c: 3 }] }));
    expect(shapeOf({ a: 'x' })).not.toEqual(shapeOf({ a: 'x', b: 1 }));
    expect(shapeOf({ a: 'x' })).not.toEqual(shapeOf({ a: null }));
    expect(shapeOf({ a: [] })).not.toEqual(shapeOf({ a: [1] }));
    expect(jsonValues('{"a":1}\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(jsonValues('{"s":"}{"}{"b":[1,{"c":"\\""}]}\n200\n{\n  "d": null\n}')).toEqual([{ s: '}{' }, { b: [1, { c: '"' }] }, 200, { d: null }]);
    expect(() => jsonValues('{"a":1}\nrefused: no')).toThrow();
    expect(textShape('a\tb\nc\td\n', 'text')).toEqual([2, 2]);
    expect(textShape('a\tb\nc\n', 'text')).not.toEqual([2, 2]);
    expect(textShape('\uFEFFa,b,c\n1,,3\n', 'csv')).toEqual([3, 3]);
  });

  it('answers why an output differs from the one shown, naming the line and showing what it printed', () => {
    const [block] = docBlocks('```sh\ncurl -s $BASE/x\n```\n\n```json\n{"a":"x","b":null}\n```\n');
    expect(shapeMismatch({ block: block!, stdout: '{"a":"y","b":null}', stderr: '' })).toBeUndefined();
    const why = shapeMismatch({ block: block!, stdout: '{"a":"y","b":"svc_test_XCaJLm0xFqN2cV8dR4sT7wY1zB3eG5hK9pU6la5S"}', stderr: '' })!;
    expect(why).toContain('line 1: the output');
    expect(why).toContain('curl -s $BASE/x');
    expect(why).toContain('svc_test_…la5S');
    expect(why).not.toContain('XCaJ');
    expect(shapeMismatch({ block: block!, stdout: 'not json', stderr: '' })).toContain('is not JSON');
  });
});
