/** Facts the API guide states that the code decides: each is read from the code, so the guide cannot drift from it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';

const guide = () => readFile(join(import.meta.dirname, '..', '..', 'docs', 'api-guide.md'), 'utf8');

describe('the API guide', () => {
  it('names exactly the states that look up a profession they do not cover', async () => {
    const lookUp = Object.entries(stateBoards)
      .filter(([, board]) => board?.uncoveredProfession === 'look_up')
      .map(([state]) => state)
      .sort();
    const line = (await guide()).split('\n').find((l) => l.startsWith('| `profession_not_covered` |'))!;
    const named = /never for ([A-Z]{2}(?:, [A-Z]{2})*(?:,? and [A-Z]{2})?), which look up/.exec(line)?.[1];
    expect(named, line).toBeDefined();
    expect(named!.split(/, | and |, and /).sort()).toEqual(lookUp);
  });
});
