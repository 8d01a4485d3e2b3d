/**
 * The layering and the dependency style, checked on the source: the domain and the use cases know no
 * HTTP, no two areas of `shared/` import each other, no module imports itself back through others, and
 * every dependency comes one way (a function's composition root builds it as a container value; nothing
 * is built at a handler's module scope or defaulted inside a use case; `newContainer()` is the only reset).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => extensions.some((extension) => file.endsWith(extension)))
    .map((file) => join(dir, file));
}

/** The path aliases of package.json "imports", by the folder each names. */
const aliases = { '#shared/': 'shared/', '#lib/': 'lib/', '#functions/': 'functions/' } as const;

/**
 * The repository-relative files a module imports (relative and `#shared/`, `#lib/`, `#functions/`
 * specifiers), type-only imports, re-exports and imports for effect included.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^(?:(?:import|export)[^;]*?from|import) '([^']+)';/gms)].flatMap(([, specifier]) => {
    for (const [alias, dir] of Object.entries(aliases)) if (specifier!.startsWith(alias)) return [normalize(specifier!.replace(alias, dir))];
    if (specifier!.startsWith('.')) return [relative(root, join(root, dirname(file), specifier!))];
    return [];
  });
}

/**
 * The import circles of a graph: its strongly connected components (Tarjan) of more than one module, or
 * of one module that imports itself, each as its modules in order.
 */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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

/** The area of `shared/` a file belongs to: its first directory (or its own name for a top-level file). */
const areaOf = (file: string) => file.split('/')[1]!.replace(/\.ts$/, '');

const sharedFiles = sources('shared');
const presentation = new Set(['http', 'openapi']);

describe('layers', () => {
  it('no module of the domain, the use cases or the adapters imports the HTTP layer', () => {
    const offenders = sharedFiles
      .filter((file) => !presentation.has(areaOf(file)))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('shared/http/'))
          .map((target) => `${file} → ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no two areas of shared/ import each other', () => {
    const edges = new Set<string>();
    for (const file of sharedFiles) {
      for (const target of importsOf(file)) {
        if (target.startsWith('shared/') && areaOf(target) !== areaOf(file)) edges.add(`${areaOf(file)}→${areaOf(target)}`);
      }
    }
    const cycles = [...edges].filter((edge) => {
      const [from, to] = edge.split('→');
      return from! < to! && edges.has(`${to}→${from}`);
    });
    expect(cycles).toEqual([]);
  });
});

/**
 * The import circles that remain, each as its modules in order. This list must only shrink: a circle is
 * broken by moving what its modules share into a module of its own, never by adding it here.
 */
const remainingCircles: readonly (readonly string[])[] = [
  ['shared/monitoring/delivery-chain.ts', 'shared/monitoring/event-store.ts'],
  ['shared/monitoring/monitor-store.ts', 'shared/monitoring/webhook-secrets.ts'],
];

describe('import graph', () => {
  it('no import circle among the modules of shared/, functions/, lib/, bin/ and local/', () => {
    // Type-only imports count: a circle of types still ties the modules' meanings to each other.
    const files = ['shared', 'functions', 'lib', 'bin', 'local'].flatMap((dir) => sources(dir, ['.ts', '.mjs']));
    const known = new Set(files);
    const graph = new Map<string, string[]>(files.map((file) => [file, importsOf(file).filter((target) => known.has(target))]));
    const circles = circlesOf(graph);
    const importsWithin = (circle: readonly string[]) =>
      circle.flatMap((file) => graph.get(file)!.flatMap((target) => (circle.includes(target) ? [`${file} → ${target}`] : [])));
    const describeCircle = (circle: readonly string[]) => `${circle.join(' ↔ ')} (${importsWithin(circle).join('; ')})`;
    const remaining = new Set(remainingCircles.map((circle) => circle.join(' ↔ ')));
    const found = new Set(circles.map((circle) => circle.join(' ↔ ')));
    expect(circles.filter((circle) => !remaining.has(circle.join(' ↔ '))).map(describeCircle), 'new import circles').toEqual([]);
    expect(
      [...remaining].filter((circle) => !found.has(circle)),
      'circles of remainingCircles that no longer exist: remove them from the list',
    ).toEqual([]);
  });
});

describe('one way to get a dependency', () => {
  it('handlers build nothing at module scope: their dependencies are container values', () => {
    const offenders = sources('functions').filter((file) => /^(?:export )?const \w+ = new [A-Z]/m.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('use cases and adapters take their stores and clients as parameters, never a default of their own', () => {
    const defaulted = /\?\? new [A-Z]\w*(?:Store|Client|Slots|Search|Limits)\(|: [A-Z]\w*(?:Store|Client|Slots) = new /;
    const offenders = sharedFiles.filter((file) => defaulted.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('newContainer() is the only reset: no module exports a reset of its own', () => {
    const offenders = sharedFiles.filter((file) => /export (?:function|const) reset[A-Z]/.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('sample data and the simulator', () => {
  it('write and serve each published format from their own description, importing nothing of the connectors', () => {
    // A generator that borrowed a connector's column list, status table or parser would agree with the
    // connector by construction, and a misread header or status spelling would stay green.
    const offenders = [...sources('local/sample-data'), ...sources('local/simulator')].filter((file) =>
      /(?:from|import\()\s*['"][^'"]*shared\/sources\//.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
