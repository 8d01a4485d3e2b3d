/**
 * The layering and the dependency style, checked on the source. `shared/` is five layers, each folder
 * one of them: `domain/` (the vocabulary and its rules), `contract/` (the public field schemas and the
 * error catalogue), `features/<feature>/` (use cases, their ports and their adapters), `api/` (the HTTP
 * pipeline and the OpenAPI document) and `platform/` (configuration, AWS clients, observability,
 * infrastructure declarations); each layer imports only the layers the table below allows, no two areas
 * import each other, no module imports itself back through others, every dependency comes one way (a
 * function's composition root builds it as a container value; nothing is built at a handler's module
 * scope or defaulted inside a use case; `newContainer()` is the only reset), AWS is reached through
 * adapters only, and configuration is read by the configuration modules alone.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, importGraph, importsOf, reachableFrom, repositoryRoot as root, sources } from '../support/import-graph.ts';

/** The layers of shared/, each with the layers its modules may import (besides their own). */
const layers = {
  domain: [],
  platform: [],
  contract: ['domain', 'platform'],
  features: ['domain', 'contract', 'platform'],
  api: ['domain', 'contract', 'features', 'platform'],
} as const satisfies Record<string, readonly string[]>;
type Layer = keyof typeof layers;

/** The layer of a module of shared/: its first folder. */
const layerOf = (file: string) => file.split('/')[1]! as Layer;

/**
 * The area of a module of shared/: a feature, a part of the API or of the platform (its second folder,
 * or its own name for a module at the top of its layer), or the domain or the contract as a whole.
 */
const areaOf = (file: string) => {
  const [, layer, name] = file.split('/');
  return layer === 'domain' || layer === 'contract' ? layer! : `${layer}/${name!.replace(/\.ts$/, '')}`;
};

const sharedFiles = sources('shared');

describe('layers', () => {
  it('shared/ holds the five layers and nothing beside them', () => {
    expect(sharedFiles.filter((file) => !Object.hasOwn(layers, layerOf(file)))).toEqual([]);
  });

  it('each layer imports only the layers beneath it: the domain and the platform nothing, the API everything', () => {
    const offenders = sharedFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('shared/') && layerOf(target) !== layerOf(file))
        .filter((target) => !(layers[layerOf(file)] as readonly string[]).includes(layerOf(target)))
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

  it('functions/ groups its handlers by the features of shared/, and the service’s own routes in service/', () => {
    const features = new Set(sources('shared/features').map((file) => file.split('/')[2]));
    const groups = [...new Set(sources('functions').map((file) => file.split('/')[1]!))];
    expect(groups.filter((group) => group !== 'service' && !features.has(group))).toEqual([]);
  });
});

describe('import graph', () => {
  it('no import circle among the modules of shared/, functions/, lib/, bin/ and local/', () => {
    // Type-only imports count: a circle of types still ties the modules' meanings to each other.
    const graph = importGraph(['shared', 'functions', 'lib', 'bin', 'local']);
    const circles = circlesOf(graph);
    const importsWithin = (circle: readonly string[]) =>
      circle.flatMap((file) => graph.get(file)!.flatMap((target) => (circle.includes(target) ? [`${file} → ${target}`] : [])));
    const describeCircle = (circle: readonly string[]) => `${circle.join(' ↔ ')} (${importsWithin(circle).join('; ')})`;
    // A circle is broken by moving what its modules share into a module of their own.
    expect(circles.map(describeCircle), 'import circles').toEqual([]);
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

/** Where configuration is read: `shared/platform/config.ts` and the modules of `shared/platform/config/`. */
const configurationArea = (file: string) => file === 'shared/platform/config.ts' || file.startsWith('shared/platform/config/');

/** After a character like these (or at the start), a `/` opens a regular expression literal, not a division. */
const beforeRegExp = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);

/**
 * The code of a module with its comments removed and the text of its string, template and regular
 * expression literals blanked; a template's `${…}` expressions stay code.
 */
function codeOf(text: string): string {
  let out = '';
  let last = '';
  let depth = 0;
  // The brace depth at which each open template expression began.
  const templates: number[] = [];
  let i = 0;
  const templateText = () => {
    while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{')) i += text[i] === '\\' ? 2 : 1;
    if (text[i] === '$') {
      templates.push(depth);
      i += 2;
      out += '`${';
      last = '{';
    } else {
      i++;
      out += '``';
      last = '`';
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"') {
      i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      out += c + c;
      last = c;
    } else if (c === '`') {
      i++;
      templateText();
    } else if (c === '}' && templates.length > 0 && templates.at(-1) === depth) {
      templates.pop();
      i++;
      templateText();
    } else if (c === '/' && beforeRegExp.has(last)) {
      i++;
      let inClass = false;
      while (i < text.length && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i += text[i] === '\\' ? 2 : 1;
      }
      i++;
      out += '//';
      last = '/';
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (!/\s/.test(c)) last = c;
      out += c;
      i++;
    }
  }
  return out;
}

/** True when a module's code reads the environment: `process.env`, `process[…]`, or an import of `node:process`. */
function readsEnvironment(text: string): boolean {
  return /\bprocess\s*(?:\?\.|\.)\s*env\b|\bprocess\s*(?:\?\.)?\s*\[/.test(codeOf(text)) || /(?:from|import\()\s*['"](?:node:)?process['"]/.test(text);
}

/** The module a specifier of `file` names (repository-relative; `#shared/`, `#lib/`, `#functions/` and relative ones), or undefined for a package. */
function resolvedSpecifier(file: string, specifier: string): string | undefined {
  for (const [alias, dir] of [
    ['#shared/', 'shared/'],
    ['#lib/', 'lib/'],
    ['#functions/', 'functions/'],
  ] as const) {
    if (specifier.startsWith(alias)) return specifier.replace(alias, dir);
  }
  return specifier.startsWith('.') ? relative(root, join(root, dirname(file), specifier)) : undefined;
}

/**
 * What a module re-exports of the configuration modules: names exported from one of them
 * (`export { x } from '…/config.ts'`, `export * from …`), and imported names it exports again (`export { x }`).
 */
function configurationReExports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const fromConfiguration = (specifier: string) => {
    const target = resolvedSpecifier(file, specifier);
    return target !== undefined && configurationArea(target);
  };
  const found: string[] = [];
  for (const [, names, specifier] of text.matchAll(/^export\s+(\*|(?:type\s+)?\{[^}]*\})\s*from\s*'([^']+)'/gm)) {
    if (fromConfiguration(specifier!)) found.push(`${names!.replace(/\s+/g, ' ')} from '${specifier}'`);
  }
  const imported = new Set<string>();
  for (const [, names, specifier] of text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
    if (!fromConfiguration(specifier!)) continue;
    for (const name of names!.split(',')) {
      const local = name
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1)!;
      if (local) imported.add(local);
    }
  }
  for (const [, names] of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s*;/gm)) {
    for (const name of names!.split(',')) {
      const local = name
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (imported.has(local)) found.push(`{ ${local} }`);
    }
  }
  return found;
}

describe('configuration', () => {
  it('configuration is read in one place: no module of shared/ or functions/ outside the configuration area reads process.env', () => {
    const offenders = [...sharedFiles, ...sources('functions')].filter(
      (file) => !configurationArea(file) && readsEnvironment(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('configuration is imported from its modules: no module outside the configuration area re-exports what they export', () => {
    // A re-export is a second name for a setting: its readers no longer show where the setting is read.
    const offenders = [...sharedFiles, ...sources('functions'), ...sources('lib'), ...sources('bin'), ...sources('local')]
      .filter((file) => !configurationArea(file))
      .flatMap((file) => configurationReExports(file).map((reExport) => `${file}: ${reExport}`));
    expect(offenders).toEqual([]);
  });

  it('the check sees a read in code and in a template expression, never the text of a string, a comment or a pattern', () => {
    expect(readsEnvironment('const url = process.env.SOURCE_URL;')).toBe(true);
    expect(readsEnvironment("const url = process['env'].SOURCE_URL;")).toBe(true);
    expect(readsEnvironment(`const link = \`\${process.env.BASE}/docs\`;`)).toBe(true);
    expect(readsEnvironment(`const link = \`a \${\`b \${{ x: 1 }.x}\`} \${process.env.BASE}\`;`)).toBe(true);
    expect(readsEnvironment("import { env } from 'node:process';")).toBe(true);
    expect(readsEnvironment("const options = '{ baseUrl: process.env.BASE! }'; // process.env.KEY")).toBe(false);
    expect(readsEnvironment(`/* process.env */ const sample = \`secret: process.env.SECRET, \${"process.env.X"}\`;`)).toBe(false);
    expect(readsEnvironment("const quote = /'/; const sample = 'process.env.X';")).toBe(false);
    expect(readsEnvironment(readFileSync(join(root, 'shared', 'platform', 'config', 'environment.ts'), 'utf8'))).toBe(true);
  });
});

describe('sample data and the simulator', () => {
  it('write and serve each published format from their own description, importing nothing of the connectors', () => {
    // A generator that borrowed a connector's column list, status table or parser would agree with the
    // connector by construction, and a misread header or status spelling would stay green.
    const offenders = [...sources('local/sample-data'), ...sources('local/simulator')].filter((file) =>
      /(?:from|import\()\s*['"][^'"]*shared\/features\/sources\//.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * Ports and adapters. An adapter is a module that talks to AWS or another outside system: it lives in an
 * `adapters/` folder of its area (or in `shared/platform/aws/`, the generic clients). Every other module of
 * `shared/` is domain or use case: it takes its stores, queues, mailer, signer, sealer and clock as
 * parameters typed by port interfaces declared outside `adapters/`. The composition roots choose the
 * adapters: each function's handler module, and the bundles several functions share (`*-services.ts`).
 */
describe('ports and adapters', () => {
  const isAdapter = (file: string) => file.startsWith('shared/platform/aws/') || /^shared\/.*\/adapters\//.test(file);
  const isComposition = (file: string) => file.startsWith('functions/') || /^shared\/.*-services\.ts$/.test(file);
  /** Every package a module imports: static imports, re-exports, imports for effect and dynamic `import()`. */
  const packagesOf = (file: string) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^'.#][^']*)'/gm)].map(([, specifier]) => specifier!);
  const dynamicImportsOf = (file: string) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map(([, specifier]) =>
      relative(root, join(root, dirname(file), specifier!)),
    );

  it('no module outside shared/platform/aws/ and the adapters/ folders imports the AWS SDK', () => {
    const offenders = [...sharedFiles, ...sources('functions')].filter(
      (file) => !isAdapter(file) && packagesOf(file).some((specifier) => specifier.startsWith('@aws-sdk/')),
    );
    expect(offenders).toEqual([]);
  });

  it('no module of shared/ outside the adapters and the composition modules imports an adapter, not even its types', () => {
    // Ports live outside adapters/: a use case imports the interface, never the module that implements it.
    const offenders = sharedFiles
      .filter((file) => !isAdapter(file) && !isComposition(file))
      .flatMap((file) =>
        [...importsOf(file), ...dynamicImportsOf(file)].filter((target) => target.includes('/adapters/')).map((target) => `${file} → ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no use case of shared/features reaches AWS through the platform: only adapters and composition modules import shared/platform/aws/', () => {
    // The generic clients (dynamo.ts, s3.ts, sqs-batch.ts, …) are adapters' tools; a use case takes a port instead.
    const offenders = sources('shared/features')
      .filter((file) => !isAdapter(file) && !isComposition(file))
      .flatMap((file) =>
        [...importsOf(file), ...dynamicImportsOf(file)].filter((target) => target.startsWith('shared/platform/aws/')).map((target) => `${file} → ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('charging, quota and plan gating are limits use cases: the pipeline and the verification use case charge through limits/charging.ts', () => {
    const charging = 'shared/features/limits/charging.ts';
    expect(importsOf('shared/api/http/pipeline.ts')).toContain(charging);
    expect(importsOf(charging).filter((target) => target.startsWith('shared/api/http/') || isAdapter(target))).toEqual([]);
    // The verification use case knows the charge only as the limits' type, never the HTTP request's.
    expect(importsOf('shared/features/verification/verify-provider.ts').filter((target) => target.startsWith('shared/api/http/'))).toEqual([]);
    // The bulk handler gates the plan through the limits use case, not with an HTTP error of its own.
    expect(readFileSync(join(root, 'functions/verification/post-verify-bulk.ts'), 'utf8')).not.toMatch(/plan_upgrade_required|plan\.bulk/);
  });

  it('use-case unit tests run on in-memory ports: nothing they reach is local/, the test stack, an adapter or an AWS client', () => {
    const wholeGraph = importGraph(['shared', 'functions', 'lib', 'bin', 'local', 'test']);
    const tests = sources('test/unit/use-cases');
    expect(tests.length).toBeGreaterThan(0);
    const offenders = tests.flatMap((file) =>
      [...reachableFrom(wholeGraph, file)]
        .filter((target) => target.startsWith('local/') || target === 'test/support/stack.ts' || isAdapter(target) || target.startsWith('shared/platform/aws/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the in-memory ports import no adapter and nothing of local/ either', () => {
    const offenders = sources('test/support/in-memory').flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('local/') || target === 'test/support/stack.ts' || isAdapter(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});
