/**
 * The repository's import graph, read from the source: which modules a module imports (relative and
 * `#shared/`, `#lib/`, `#functions/` specifiers, type-only imports, re-exports and imports for effect
 * included), the graph of a set of folders, and its import circles. The architecture test checks the
 * layering on it; `npm run tests-for` walks it backwards from a module to the tests that reach it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export const repositoryRoot = join(import.meta.dirname, '..', '..');

/** The files under `dir` (repository-relative, recursively) with one of `extensions`. */
export function sources(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  return readdirSync(join(repositoryRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.includes('node_modules') && extensions.some((extension) => file.endsWith(extension)))
    .map((file) => join(dir, file));
}

/** The path aliases of package.json "imports", by the folder each names. */
const aliases = { '#shared/': 'shared/', '#lib/': 'lib/', '#functions/': 'functions/' } as const;

/** The repository-relative files a module imports. */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(repositoryRoot, file), 'utf8');
  return [...text.matchAll(/^(?:(?:import|export)[^;]*?from|import) '([^']+)';/gms)].flatMap(([, specifier]) => {
    for (const [alias, dir] of Object.entries(aliases)) if (specifier!.startsWith(alias)) return [normalize(specifier!.replace(alias, dir))];
    if (specifier!.startsWith('.')) return [relative(repositoryRoot, join(repositoryRoot, dirname(file), specifier!))];
    return [];
  });
}

/** The import graph of the modules under `dirs`: each module with the modules it imports among them. */
export function importGraph(dirs: readonly string[], extensions: readonly string[] = ['.ts', '.mjs']): Map<string, string[]> {
  const files = dirs.flatMap((dir) => sources(dir, extensions));
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file).filter((target) => known.has(target))]));
}

/**
 * The import circles of a graph: its strongly connected components (Tarjan) of more than one module, or
 * of one module that imports itself, each as its modules in order.
 */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

export interface TestsOf {
  /** Test files that import the module themselves. */
  readonly direct: string[];
  /** Test files that reach it through other modules, each with the shortest chain of imports. */
  readonly through: { readonly test: string; readonly chain: string[] }[];
}

/**
 * Breadth first from `start` along `edges`: each file reached, with the file it was first reached from
 * (`start` itself with none). The first path found to each file is a shortest one.
 */
function walk(edges: (file: string) => readonly string[], start: string): Map<string, string | undefined> {
  const via = new Map<string, string | undefined>([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of edges(file)) {
      if (via.has(next)) continue;
      via.set(next, file);
      queue.push(next);
    }
  }
  return via;
}

/** The modules of `graph` that `module` reaches through its imports, itself excluded. */
export function reachableFrom(graph: ReadonlyMap<string, readonly string[]>, module: string): Set<string> {
  const reached = new Set(walk((file) => graph.get(file) ?? [], module).keys());
  reached.delete(module);
  return reached;
}

/** The test files (`*.test.ts`) of `graph` that import `module`, directly or through other modules. */
export function testsOf(graph: ReadonlyMap<string, readonly string[]>, module: string): TestsOf {
  const importers = new Map<string, string[]>();
  for (const [file, targets] of graph) for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
  // Along reversed imports: each file with the one it imports on a shortest way to the module.
  const via = walk((file) => importers.get(file) ?? [], module);
  const chainOf = (test: string) => {
    const chain: string[] = [];
    for (let at = via.get(test); at !== undefined && at !== module; at = via.get(at)) chain.push(at);
    return chain;
  };
  const tests = [...via.keys()].filter((file) => file.endsWith('.test.ts')).sort();
  return {
    direct: tests.filter((test) => via.get(test) === module),
    through: tests
      .filter((test) => via.get(test) !== module)
      .map((test) => ({ test, chain: chainOf(test) }))
      .sort((a, b) => a.chain.length - b.chain.length || a.test.localeCompare(b.test)),
  };
}
