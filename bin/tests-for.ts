/**
 * `npm run --silent tests-for -- <module> [--all]`: the tests of a module. Lists the test files that
 * import it, then those that reach it through other modules (nearest first, each with the chain of
 * imports that leads to it; the first 20 unless `--all`). Reads the import graph of the repository's
 * source, so it stays true as files move.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { importGraph, repositoryRoot, testsOf } from '../test/support/import-graph.ts';

// A reader that stops early (`| head`) closes the pipe: the listing ends there, quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const args = process.argv.slice(2);
const all = args.includes('--all');
const named = args.filter((arg) => arg !== '--all');
if (named.length !== 1) {
  console.error('usage: npm run --silent tests-for -- <module path, e.g. shared/domain/names/given-name-match.ts> [--all]');
  process.exit(2);
}
const module = relative(repositoryRoot, isAbsolute(named[0]!) ? named[0]! : `${process.cwd()}/${named[0]}`);
if (!existsSync(`${repositoryRoot}/${module}`)) {
  console.error(`no such module: ${module}`);
  process.exit(2);
}
const graph = importGraph(['shared', 'functions', 'lib', 'bin', 'local', 'test']);
if (!graph.has(module)) {
  console.error(`${module} is not a module of shared/, functions/, lib/, bin/, local/ or test/ (.ts or .mjs)`);
  process.exit(2);
}
const { direct, through } = testsOf(graph, module);
console.log(`Tests that import ${module} (${direct.length}):`);
for (const test of direct) console.log(`  ${test}`);
const shown = all ? through : through.slice(0, 20);
console.log(
  `Tests that reach it through other modules (${through.length}${shown.length < through.length ? `, nearest ${shown.length} shown; --all for every one` : ''}):`,
);
for (const { test, chain } of shown) console.log(`  ${test} → ${chain.join(' → ')} → …`);
