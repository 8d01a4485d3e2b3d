import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, importGraph, reachableFrom, repositoryRoot, testsOf } from '../support/import-graph.ts';

describe('the import graph and the tests of a module', () => {
  const graph = new Map<string, string[]>([
    ['test/a.test.ts', ['shared/m.ts']],
    ['test/b.test.ts', ['test/support/h.ts']],
    ['test/support/h.ts', ['shared/n.ts', 'shared/m.ts']],
    ['shared/n.ts', ['shared/m.ts']],
    ['test/c.test.ts', ['shared/n.ts']],
    ['test/d.test.ts', ['shared/o.ts']],
    ['shared/m.ts', []],
    ['shared/o.ts', []],
  ]);

  it('finds the tests that import a module and those that reach it, each by its shortest chain', () => {
    expect(testsOf(graph, 'shared/m.ts')).toEqual({
      direct: ['test/a.test.ts'],
      through: [
        { test: 'test/b.test.ts', chain: ['test/support/h.ts'] },
        { test: 'test/c.test.ts', chain: ['shared/n.ts'] },
      ],
    });
    expect(testsOf(graph, 'shared/o.ts')).toEqual({ direct: ['test/d.test.ts'], through: [] });
  });

  it('finds what a module reaches through its imports, itself excluded', () => {
    expect([...reachableFrom(graph, 'test/b.test.ts')].sort()).toEqual(['shared/m.ts', 'shared/n.ts', 'test/support/h.ts']);
    expect(reachableFrom(graph, 'shared/m.ts')).toEqual(new Set());
  });

  it('finds circles, and none in a graph without one', () => {
    expect(circlesOf(graph)).toEqual([]);
    expect(
      circlesOf(
        new Map([
          ['x', ['y']],
          ['y', ['z']],
          ['z', ['x']],
          ['s', ['s']],
        ]),
      ),
    ).toEqual([['x', 'y', 'z'], ['s']]);
  });

  it('on the repository: the matcher’s own test imports it, and `npm run tests-for` lists it', () => {
    const real = importGraph(['shared', 'test']);
    const matcher = [...real.keys()].find((file) => file.endsWith('/names/given-name-match.ts'))!;
    expect(testsOf(real, matcher).direct).toContain('test/unit/given-name-match.test.ts');
    const printed = execFileSync(join(repositoryRoot, 'node_modules', '.bin', 'tsx'), ['bin/tests-for.ts', matcher], { cwd: repositoryRoot, encoding: 'utf8' });
    expect(printed).toContain(`Tests that import ${matcher}`);
    expect(printed).toMatch(/^ {2}test\/unit\/given-name-match\.test\.ts$/m);
  });
});
