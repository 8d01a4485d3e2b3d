/** The document runner pairs each command with the output shown after it and compares them in shape. */
import { describe, expect, it } from 'vitest';
import { docBlocks, jsonValues, shapeOf, textShape } from '../support/doc-runner.ts';

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
      { command: 'echo 1\n', shown: { kind: 'json', text: '{"a":1}\n' } },
      { command: 'echo 2\n' },
      { command: 'echo 3\n', shown: { kind: 'text', text: 'x\ty\n' } },
    ]);
  });

  it('tells shapes apart: a missing key, a null for a string, an empty list, a field too few', () => {
    expect(shapeOf({ a: 'x', b: [{ c: 1 }] })).toEqual(shapeOf({ a: 'y', b: [{ c: 2 }, { c: 3 }] }));
    expect(shapeOf({ a: 'x' })).not.toEqual(shapeOf({ a: 'x', b: 1 }));
    expect(shapeOf({ a: 'x' })).not.toEqual(shapeOf({ a: null }));
    expect(shapeOf({ a: [] })).not.toEqual(shapeOf({ a: [1] }));
    expect(jsonValues('{"a":1}\n{"a":2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(textShape('a\tb\nc\td\n', 'text')).toEqual([2, 2]);
    expect(textShape('a\tb\nc\n', 'text')).not.toEqual([2, 2]);
    expect(textShape('\uFEFFa,b,c\n1,,3\n', 'csv')).toEqual([3, 3]);
  });
});
