/**
 * The NPPES Deactivated NPI Report as the simulator serves it (`nppes-deactivated/…_<MMDDYY>_V2.csv`,
 * text rows the simulator turns into the published ZIP holding a workbook): the header `NPI`,
 * `NPPES Deactivation Date`, then one row per NPI in NPI order, dates `MM/DD/YYYY`.
 *
 * Two monthly files, the full list each time (not a delta): September's (2026-09-14) and October's
 * (2026-10-12, the current one on the reference date). October's adds the NPIs deactivated since and
 * drops a few that were reactivated. One sample provider's NPI was deactivated on 2026-10-06: it is on
 * October's report only, and the registry no longer has it (their record is left out of `nppes/`, as
 * the NPI Registry answers nothing for a deactivated NPI), while their license stays current. Every other
 * row is an unrelated NPI with a valid check digit from the sample's one issuer, so none is a sample
 * provider's.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type Day, dayOf, isoDate, mmddyyyy } from './dates.ts';
import type { Person } from './model.ts';
import { NpiIssuer } from './npi.ts';
import { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

/** The report's name for a day: `NPPES_Deactivated_NPI_Report_<MMDDYY>_V2`. */
export function reportName(day: Day): string {
  const [y, m, d] = isoDate(day).split('-');
  return `NPPES_Deactivated_NPI_Report_${m}${d}${y!.slice(2)}_V2`;
}

const currentDay = dayOf('2026-10-12');
const previousDay = dayOf('2026-09-14');
/** The report of the reference date, and the month before's. */
export const deactivatedCurrentFile = `nppes-deactivated/${reportName(currentDay)}.csv`;
export const deactivatedPreviousFile = `nppes-deactivated/${reportName(previousDay)}.csv`;

/** When the sample provider's NPI was deactivated: after September's report, before October's. */
const providerDeactivated = dayOf('2026-10-06');
/** The first NPIs were issued in 2005; deactivations on the report go back to 2007. */
const earliest = dayOf('2007-03-01');

/** Unrelated rows of the current report; a few more were reactivated since September's. */
const unrelatedCount = 3000;
const reactivatedCount = 12;

interface Row {
  readonly npi: string;
  readonly day: Day;
}

/** The report's header row, as CMS writes it. */
export const reportHeaderLine = 'NPI,NPPES Deactivation Date\n';

export function reportLine(row: Row): string {
  return `${row.npi},${mmddyyyy(row.day)}\n`;
}

function reportCsv(rows: readonly Row[]): string {
  return (
    reportHeaderLine +
    [...rows]
      .sort((a, b) => (a.npi < b.npi ? -1 : a.npi > b.npi ? 1 : 0))
      .map(reportLine)
      .join('')
  );
}

/** A deactivation day before `before`, most of them recent (the report grows by about 2,000 NPIs a month). */
function deactivationDay(rng: Rng, before: Day): Day {
  return before - 1 - Math.floor((before - 1 - earliest) * rng.float() ** 1.6);
}

export interface DeactivatedReports {
  /** Relative path → CSV text. */
  readonly files: ReadonlyMap<string, string>;
  readonly rowCounts: ReadonlyMap<string, number>;
  readonly notables: Notable[];
}

/**
 * Picks the sample provider whose NPI was deactivated (one with an NPI, a current license in one state,
 * a name no one else in the sample has, and no other role in the sample or in `taken`), marks their
 * NPPES plan deactivated, and writes both reports.
 */
export function deactivatedReports(rng: Rng, people: readonly Person[], npis: NpiIssuer, taken: ReadonlySet<Person>): DeactivatedReports {
  const nameCount = new Map<string, number>();
  for (const p of people) nameCount.set(`${p.name.first}|${p.name.last}`, (nameCount.get(`${p.name.first}|${p.name.last}`) ?? 0) + 1);
  const candidates = people.filter(
    (p) =>
      p.tags.length === 0 &&
      p.nppes !== null &&
      p.leie === null &&
      p.leieNamesakes.length === 0 &&
      p.profession !== null &&
      !taken.has(p) &&
      nameCount.get(`${p.name.first}|${p.name.last}`) === 1 &&
      p.licenses.length === 1 &&
      p.licenses[0]!.status.meaning === 'active' &&
      p.licenses[0]!.expiration !== null &&
      p.licenses[0]!.expiration > currentDay + 365,
  );
  if (candidates.length === 0) throw new Error('no sample person for the NPPES deactivation report');
  const provider = rng.fork('pick').pick(candidates);
  provider.nppes = { ...provider.nppes!, deactivated: providerDeactivated };
  provider.tags.push('nppes-deactivated');

  const unrelated: Row[] = [];
  for (let i = 0; i < unrelatedCount + reactivatedCount; i++) {
    const r = rng.fork(`row:${i}`);
    unrelated.push({ npi: npis.next(), day: deactivationDay(r, i < reactivatedCount ? previousDay : currentDay) });
  }
  const reactivated = new Set(unrelated.slice(0, reactivatedCount));
  const current: Row[] = [...unrelated.filter((row) => !reactivated.has(row)), { npi: provider.nppes.npi, day: providerDeactivated }];
  const previous: Row[] = unrelated.filter((row) => row.day < previousDay);

  const files = new Map([
    [deactivatedCurrentFile, reportCsv(current)],
    [deactivatedPreviousFile, reportCsv(previous)],
  ]);
  const rowCounts = new Map([
    [deactivatedCurrentFile, current.length],
    [deactivatedPreviousFile, previous.length],
  ]);
  const notables: Notable[] = [
    {
      title: 'NPI deactivated in NPPES',
      note:
        `Current license, but the NPI was deactivated on ${isoDate(providerDeactivated)}: it is on the NPPES Deactivated NPI Report of ` +
        `${isoDate(currentDay)} (not on ${isoDate(previousDay)}'s), and the registry no longer returns it (no record in \`nppes/\`). ` +
        'Verified with the NPI, the license is found by name and the sanctions screen reports the deactivation by NPI; without the NPI, the report is not searched.',
      people: [provider],
    },
  ];
  return { files, rowCounts, notables };
}

/**
 * Writes an N-row report (unrelated NPIs, deactivated 2007 to 2026-10-11) as the simulator's text rows,
 * streamed; for load tests of the ingest (about 355,000 rows, the live report's size). The same seed
 * gives the same bytes.
 */
export async function writeNppesDeactivatedBenchmark(path: string, rows: number, seed = '42'): Promise<void> {
  const rng = new Rng(`nppes-deactivated-benchmark:${seed}`);
  const npis = new NpiIssuer(rng.fork('npi'));
  const all: Row[] = [];
  for (let i = 0; i < rows; i++) all.push({ npi: npis.next(), day: deactivationDay(rng, currentDay) });
  all.sort((a, b) => (a.npi < b.npi ? -1 : a.npi > b.npi ? 1 : 0));
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(reportHeaderLine);
  for (let i = 0; i < all.length; i += 5000)
    await write(
      all
        .slice(i, i + 5000)
        .map(reportLine)
        .join(''),
    );
  out.end();
  await once(out, 'finish');
}
