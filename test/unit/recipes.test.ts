/**
 * The recipes of docs/recipes/ and the function listings of the README and docs/architecture.md, held
 * to the repository.
 *
 * Each recipe ends with one or more ```files blocks: the files that following it touches, one
 * repository path a line, `<placeholder>` standing for the names of the new thing. The block's
 * `example` line gives a real instance the list was taken from (`<state>=connecticut`) and its `names`
 * line the words that find every module that instance touched. For each block:
 * - every path, its placeholders filled with the example, exists;
 * - the modules of shared/, functions/, lib/, local/, bin/ and clients/ that mention one of the names
 *   are exactly the listed paths in those folders: a module the example touched that the recipe does
 *   not name (a new touch point) fails, as does a named module the example never touched.
 * Their links are checked with every document's (test/unit/doc-links.test.ts).
 *
 * The function listings: every handler module under functions/ is the entry of a route, the fallback
 * or a worker of shared/platform/infra/routes.ts and the other way round; docs/architecture.md names every
 * function with its handler, and the README every worker with its handler.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schedules } from '#shared/platform/infra/resources.ts';
import { fallbackRoute, routes, workers } from '#shared/platform/infra/routes.ts';

const root = join(import.meta.dirname, '..', '..');
const recipesDir = join(root, 'docs', 'recipes');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The folders whose modules a recipe's list must name exactly. */
const codeFolders = ['shared', 'functions', 'lib', 'local', 'bin', 'clients'] as const;
const codeExtensions = ['.ts', '.mts', '.js', '.mjs', '.json', '.md'];

function filesUnder(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => join(dir, file))
    .filter((file) => codeExtensions.some((extension) => file.endsWith(extension)) && statSync(join(root, file)).isFile());
}

const codeFiles = codeFolders.flatMap((folder) => filesUnder(folder));
const codeText = new Map(codeFiles.map((file) => [file, read(file)]));

interface FilesBlock {
  readonly recipe: string;
  readonly example: Readonly<Record<string, string>>;
  readonly names: readonly string[];
  readonly paths: readonly string[];
}

function filesBlocks(recipe: string): FilesBlock[] {
  const text = readFileSync(join(recipesDir, recipe), 'utf8');
  return [...text.matchAll(/^```files\n([\s\S]*?)^```$/gm)].map(([, body]) => {
    const example: Record<string, string> = {};
    const names: string[] = [];
    const paths: string[] = [];
    for (const line of body!.split('\n').map((l) => l.trim())) {
      if (line === '') continue;
      const [word, ...rest] = line.split(/\s+/);
      if (word === 'example') {
        for (const pair of rest) {
          const [key, value] = pair.split('=');
          example[key!.replace(/^<|>$/g, '')] = value!;
        }
      } else if (word === 'names') names.push(...rest);
      else paths.push(line);
    }
    return { recipe, example, names, paths };
  });
}

/** A path with its placeholders filled from the example; throws on a placeholder the example lacks. */
function instantiate(path: string, example: Readonly<Record<string, string>>): string {
  return path.replace(/<([\w-]+)>/g, (_, key: string) => {
    if (!(key in example)) throw new Error(`${path}: the example line gives no value for <${key}>`);
    return example[key]!;
  });
}

/** A name as a whole word: not inside a longer identifier, file name or kebab-case word. */
function mentions(text: string, names: readonly string[]): boolean {
  return names.some((name) => new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text));
}

const isCode = (path: string) => codeFolders.some((folder) => path.startsWith(`${folder}/`));

const recipes = readdirSync(recipesDir)
  .filter((file) => file.endsWith('.md'))
  .sort();

describe('the recipes', () => {
  it('are the four the docs link to, each with a files list', () => {
    expect(recipes).toEqual(['add-a-route.md', 'add-a-sanctions-list.md', 'add-a-state.md', 'add-a-webhook-event-kind.md']);
    for (const recipe of recipes) expect(filesBlocks(recipe).length, `${recipe} has no \`\`\`files block`).toBeGreaterThan(0);
    expect(
      filesBlocks('add-a-state.md').length,
      'add-a-state.md lists the files of each kind of state (open data, roster, web search in HTML and in JSON)',
    ).toBe(4);
  });

  const blocks = recipes.flatMap((recipe) => filesBlocks(recipe));

  it.each(blocks.map((block) => [`${block.recipe} (${Object.values(block.example).join(', ')})`, block] as const))(
    '%s: every listed file exists for the example',
    (_, block) => {
      expect(Object.keys(block.example).length + block.names.length, 'an example line and a names line').toBeGreaterThan(1);
      const missing = block.paths.filter((path) => !existsSync(join(root, instantiate(path, block.example))));
      expect(missing, `${block.recipe} names files that do not exist (with the example's names filled in); fix their paths`).toEqual([]);
    },
  );

  it.each(blocks.map((block) => [`${block.recipe} (${Object.values(block.example).join(', ')})`, block] as const))(
    '%s: names exactly the modules the example touched',
    (_, block) => {
      const listed = new Set(block.paths.map((path) => instantiate(path, block.example)).filter(isCode));
      const touched = new Set(codeFiles.filter((file) => mentions(codeText.get(file)!, block.names)));
      const notListed = [...touched].filter((file) => !listed.has(file)).sort();
      const notTouched = [...listed].filter((file) => !touched.has(file)).sort();
      expect(
        notListed,
        `${block.recipe}: these modules mention ${block.names.join(', ')} (the example) but the recipe does not say to touch them; add them to its files list and steps`,
      ).toEqual([]);
      expect(
        notTouched,
        `${block.recipe}: the recipe says to touch these modules, but none mentions ${block.names.join(', ')}; remove them or fix the example`,
      ).toEqual([]);
    },
  );

  it('show no handler that builds its dependencies at module scope', () => {
    for (const recipe of recipes) {
      const text = readFileSync(join(recipesDir, recipe), 'utf8');
      for (const [, code] of text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)) {
        const moduleScopeNew = code!.split('\n').filter((line) => /^(export )?const \w+ = new [A-Z]/.test(line));
        expect(moduleScopeNew, `${recipe}: build dependencies in a containerValue, not at module scope`).toEqual([]);
      }
    }
  });
});

describe('the function listings', () => {
  const handlerFiles = filesUnder('functions').filter((file) => file.endsWith('.ts'));
  const functions = [...routes.map((r) => ({ id: r.id, entry: r.entry })), { id: fallbackRoute.id, entry: fallbackRoute.entry }];
  const all = [...functions, ...workers.map((w) => ({ id: w.id, entry: w.entry }))];

  it('are one handler module under functions/ per route, the fallback and each worker', () => {
    expect(handlerFiles.sort(), 'every module under functions/ is the entry of a route, the fallback or a worker, and each entry exists').toEqual(
      all.map((f) => f.entry).sort(),
    );
  });

  it('docs/architecture.md names every function and worker with its handler', () => {
    const text = read('docs/architecture.md');
    const missing = all.filter((f) => !new RegExp(`^\\| ${f.id} \\|.*\\[\`${f.entry}\`\\]\\(\\.\\./${f.entry}\\)`, 'm').test(text)).map((f) => f.id);
    expect(missing, 'rows missing from the function and worker tables of docs/architecture.md (| Id | … | [`entry`](../entry) | …)').toEqual([]);
  });

  it('docs/architecture.md names every schedule rule in its table of queues, buckets and schedules', () => {
    const text = read('docs/architecture.md');
    const rows = text.split('\n').filter((line) => /^\| `\w+`.* rules? \|/.test(line));
    const missing = Object.values(schedules)
      .map((s) => s.id)
      .filter((id) => !rows.some((row) => row.includes(`\`${id}\``)));
    expect(missing, 'schedule rules of shared/platform/infra/resources.ts with no row (| `Id` rule | …) in docs/architecture.md').toEqual([]);
  });

  it('the README names every worker with its handler', () => {
    const text = read('README.md');
    const missing = workers.filter((w) => !text.includes(`${w.id} ([\`${w.entry}\`](${w.entry}))`)).map((w) => w.id);
    expect(missing, 'workers the README does not name as `Id ([`entry`](entry))` beside the architecture diagram').toEqual([]);
  });
});

describe('comments', () => {
  /**
   * Comments cite the document in this repository that states a rule (docs/api-guide.md, docs/*.md, the
   * OpenAPI description), or state it; there is no separate specification to cite. The files below
   * still do, and may only leave this list.
   */
  const stillCiting = new Set(['validation.ts', 'rate-limit-headers.ts', 'rate-limits.ts', 'plans.ts', 'given-name-match.ts']);

  it('cite no "spec" outside the repository', () => {
    const citing = codeFiles
      .filter((file) => /\.(m?ts|m?js)$/.test(file) && !file.startsWith('clients/typescript/src/schema'))
      .flatMap((file) =>
        codeText
          .get(file)!
          .split('\n')
          .map((line, i) => ({ file, line: i + 1, comment: /^\s*(\/\*\*?|\*|\/\/)(.*)$/.exec(line)?.[2] ?? /\s\/\/(.*)$/.exec(line)?.[1] ?? '' }))
          .filter(({ comment }) => /\bspec\b/i.test(comment.replace(/key spec|KeySpec/gi, ''))),
      )
      .filter(({ file }) => !stillCiting.has(file.split('/').pop()!))
      .map(({ file, line }) => `${file}:${line}`);
    expect(citing, 'comments citing a "spec": cite the docs/ section that states the rule, or state it').toEqual([]);
  });
});
