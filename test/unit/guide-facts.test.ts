/** Facts the API guide and the deployment guide state that the code decides: each is read from the code, so the guides cannot drift from it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import { buckets, queues, schedules, tables } from '#shared/platform/infra/resources.ts';

const guide = () => readFile(join(import.meta.dirname, '..', '..', 'docs', 'api-guide.md'), 'utf8');
const deploymentGuide = () => readFile(join(import.meta.dirname, '..', '..', 'docs', 'deployment.md'), 'utf8');

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

const numberWords = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const inWords = (n: number) => numberWords[n] ?? String(n);

describe('the deployment guide', () => {
  it('counts the tables, work queues and scheduled rules a deploy creates, and names every bucket', async () => {
    const created = (await deploymentGuide())
      .split('\n\n')
      .find((p) => p.startsWith('What gets created:'))!
      .replace(/\s+/g, ' ');
    expect(created).toContain(`the ${inWords(Object.keys(tables).length)} tables`);
    expect(created).toContain(`the ${inWords(Object.keys(queues).length)} work queues`);
    expect(created).toContain(`the ${inWords(Object.keys(schedules).length)} scheduled rules`);
    const bucketNames = {
      certificates: 'certificate buckets',
      testCertificates: 'certificate buckets',
      evidence: 'evidence bucket',
      sourceArchive: 'source-archive',
      sourceCache: 'source-cache',
      historyExports: 'history-export',
    };
    expect(Object.keys(bucketNames).sort()).toEqual(Object.keys(buckets).sort());
    for (const name of Object.values(bucketNames)) expect(created).toContain(name);
  });

  it('says the tables are protected from deletion only from the deploy after the first', async () => {
    const created = (await deploymentGuide())
      .split('\n\n')
      .find((p) => p.startsWith('What gets created:'))!
      .replace(/\s+/g, ' ');
    expect(created).toMatch(/deletion protection from the deploy after the stage's first one: see `firstDeploy`/);
  });
});
