/**
 * The layering and the dependency style, checked on the source: the domain and the use cases know no
 * HTTP, no two areas of `shared/` import each other, and every dependency comes one way (a function's
 * composition root builds it as a container value; nothing is built at a handler's module scope or
 * defaulted inside a use case; `newContainer()` is the only reset).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));
}

/** The repository-relative files a module imports (relative and `#shared/` specifiers). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)[^;]*?from '([^']+)';/gms)].flatMap(([, specifier]) => {
    if (specifier!.startsWith('#shared/')) return [normalize(specifier!.replace('#shared/', 'shared/'))];
    if (specifier!.startsWith('.')) return [relative(root, join(root, dirname(file), specifier!))];
    return [];
  });
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
