/**
 * Builds the whole sample from a seed and writes it:
 *
 *   nppes/*.json              NPPES API v2.1 result objects
 *   leie/UPDATED.csv          the full OIG LEIE file
 *   sam/…_V2_26305.csv        the SAM.gov exclusions extract's CSV (the simulator serves it zipped)
 *   cms/<dataset-uuid>.json   the data.cms.gov Medicare opt-out and revoked lists (JSON arrays of rows)
 *   il-hfs/…csv, tx-hhsc/…csv the Illinois and Texas Medicaid lists' rows as text (the simulator serves workbooks)
 *   ca-medi-cal/suspall.csv   the Medi-Cal Suspended and Ineligible Provider List, as published
 *   nppes-deactivated/…_V2.csv  the NPPES Deactivated NPI Reports (the simulator serves each as a ZIP'd workbook)
 *   lists/*.csv               the WA HCA, CO HCPF and NY OMIG Medicaid lists: their sheets' cells as text
 *                             (the simulator serves workbooks)
 *   boards/<dataset-id>.json  rows as SODA returns them
 *   rosters/<roster id>/…     state board roster files in their publishers' formats (roster-rows.ts)
 *   README.md                 manifest with notable providers
 *
 * Order of the passes: scenario people → random people and organisations → statuses → dates and
 * discipline → NPIs and NPPES plans → LEIE → SAM → CMS → state Medicaid lists → NPPES deactivations →
 * rendering. Each pass draws from its own seeded stream.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { caMediCalFile, caMediCalSampleFile } from './ca-medi-cal-file.ts';
import { cmsFiles, cmsOptOutFile, cmsRevokedFile } from './cms-files.ts';
import { coHcpfFiles, coHcpfReinstatedSampleFile, coHcpfSampleFile } from './co-hcpf-file.ts';
import { coRows } from './co-rows.ts';
import { ctVtNotables, ctVtRows } from './ct-vt-rows.ts';
import { ksLicensees, ksLicenseesFile } from './ks-rows.ts';
import { maLicenses, maLicensesFile } from './ma-rows.ts';
import { rosterNotables, rosterSampleFiles } from './roster-rows.ts';
import { deDisciplineRows, deLicenseRow } from './de-rows.ts';
import { ilHfsFile, ilHfsSampleFile } from './il-hfs-file.ts';
import { ilRows } from './il-rows.ts';
import { leieCsv, sampleRows, unrelatedRows } from './leie-file.ts';
import { datasets } from './license-catalog.ts';
import { assignDates } from './license-dates.ts';
import { manifest } from './manifest.ts';
import { samCsv, samRows, samSampleFile } from './sam-file.ts';
import type { License, Person } from './model.ts';
import { NameTables } from './name-tables.ts';
import { NpiIssuer } from './npi.ts';
import { deactivatedReports } from './nppes-deactivated-file.ts';
import { planNppes } from './nppes-plan.ts';
import { individualRecord, organizationRecord } from './nppes-records.ts';
import { nyOmigFile, nyOmigSampleFile } from './ny-omig-file.ts';
import { type LaunchState, launchStates } from './places.ts';
import { PopulationBuilder } from './population.ts';
import { Rng } from './prng.ts';
import { addScenarios } from './scenarios.ts';
import { jsonArrayLines, type SodaRow } from './soda-json.ts';
import { assignStatuses } from './status-assignment.ts';
import { txHhscFile, txHhscSampleFile } from './tx-hhsc-file.ts';
import { aprnRow, medicalBoardRow, nursingRow } from './tx-rows.ts';
import { waHcaFile, waHcaSampleFile } from './wa-hca-file.ts';
import { waRow } from './wa-rows.ts';

export interface SampleOptions {
  readonly seed: string;
  /** Healthcare people in the random population (besides the scenario people). */
  readonly providers: number;
}

export const defaultProviders = 3000;

/** The generated files: relative path → content. */
export interface Sample {
  /** Each file's content: text, or a workbook's bytes (West Virginia's rosters). */
  readonly files: ReadonlyMap<string, string | Buffer>;
}

function boardRows(rng: Rng, licenses: readonly License[]): Map<string, SodaRow[]> {
  const rows = new Map<string, SodaRow[]>(Object.values(datasets).map((id) => [id, []]));
  const push = (id: string, ...r: SodaRow[]): void => void rows.get(id)!.push(...r);
  for (const license of licenses) {
    const r = rng.fork(`row:${license.id}`);
    switch (license.kind.dataset) {
      case datasets.WA:
        push(datasets.WA, waRow(r, license));
        break;
      case datasets.CO:
        push(datasets.CO, ...coRows(r, license));
        break;
      case datasets.IL:
        push(datasets.IL, ...ilRows(r, license));
        break;
      case datasets.TX_MEDICAL:
        push(datasets.TX_MEDICAL, medicalBoardRow(r, license));
        break;
      case datasets.TX_RN:
        push(datasets.TX_RN, nursingRow(license, true));
        break;
      case datasets.TX_VN:
        push(datasets.TX_VN, nursingRow(license, false));
        break;
      case datasets.TX_APRN: {
        const row = aprnRow(r, license);
        if (row) push(datasets.TX_APRN, row);
        break;
      }
      case datasets.DE:
        push(datasets.DE, deLicenseRow(license));
        push(datasets.DE_DISCIPLINE, ...deDisciplineRows(license));
        break;
    }
  }
  // Socrata returns rows in its internal order, not grouped by how they were made; the rows of one
  // license (one per discipline case) stay together.
  for (const [id, list] of rows) {
    const order = rng.fork(`order:${id}`);
    const groups: SodaRow[][] = [];
    for (const row of list) {
      const key = JSON.stringify([row.licensenumber, row.license_number, row.license_no, row.licensetype, row.lastname, row.last_name]);
      const last = groups.at(-1);
      const lastKey = last
        ? JSON.stringify([last[0]!.licensenumber, last[0]!.license_number, last[0]!.license_no, last[0]!.licensetype, last[0]!.lastname, last[0]!.last_name])
        : null;
      if (last && key === lastKey) last.push(row);
      else groups.push([row]);
    }
    rows.set(id, order.shuffle(groups).flat());
  }
  return rows;
}

function statusField(id: string): string | null {
  switch (id) {
    case datasets.WA:
      return 'status';
    case datasets.CO:
      return 'licensestatusdescription';
    case datasets.DE_DISCIPLINE:
      return null;
    case 'ngch-56tr':
      return 'status';
    default:
      return 'license_status';
  }
}

export async function buildSample(options: SampleOptions): Promise<Sample> {
  const seed = options.seed;
  const rng = new Rng(`sample-data:${seed}`);
  const names = NameTables.load();
  const builder = new PopulationBuilder(rng.fork('population'), names);

  const notables = addScenarios(builder);
  const others = Math.round(options.providers * 0.06);
  for (let i = 0; i < options.providers; i++) builder.randomProvider();
  for (let i = 0; i < others; i++) builder.randomOtherLicensee();
  const orgCount = Math.max(1, Math.round(options.providers / 500));
  for (let i = 0; i < orgCount; i++) {
    const state = launchStates[i % launchStates.length]!;
    for (const kind of ['pharmacy', 'clinic', 'hospital', 'home_health'] as const) {
      if (kind === 'hospital' && i % 2 === 1) continue;
      const org = builder.organization(kind, state);
      if (kind === 'pharmacy' && (state === 'IL' || state === 'CO' || state === 'DE')) builder.licenseFor(org, state, 'pharmacy_business');
    }
  }
  builder.licenseFor(builder.organization('veterinary_hospital', 'DE'), 'DE', 'veterinary_hospital');
  builder.licenseFor(builder.organization('detective_agency', 'IL'), 'IL', 'detective_agency');

  const { people, organizations, licenses } = builder;
  assignStatuses(rng.fork('statuses'), licenses);
  assignDates(rng.fork('dates'), licenses);
  const npis = new NpiIssuer(rng.fork('npi'));
  planNppes(rng.fork('nppes'), people, organizations, builder.nppesWishes, npis);

  const sampleNames = new Set(people.flatMap((p) => [p.name, ...p.licenses.map((l) => l.nameOnRecord)].map((n) => `${n.first}|${n.last}`)));
  const sampleLeie = sampleRows(rng.fork('leie'), people, organizations);
  const unrelatedLeie = unrelatedRows(rng.fork('leie-unrelated'), names, npis, Math.round(options.providers * 0.4), sampleNames);
  const leieRows = [...sampleLeie, ...unrelatedLeie];
  const sam = samRows(rng.fork('sam'), sampleLeie, unrelatedLeie, names, npis, Math.round(options.providers * 0.2), sampleNames);
  const cms = cmsFiles(rng.fork('cms'), people, organizations, names, npis, sampleNames);
  const onCms = cms.notables.flatMap((n) => n.people);
  const ilHfs = ilHfsFile({ rng: rng.fork('il-hfs'), people, organizations, names, avoid: onCms, avoidNames: sampleNames });
  const txHhsc = txHhscFile({ rng: rng.fork('tx-hhsc'), people, organizations, names, avoid: onCms, avoidNames: sampleNames });
  const caMediCal = caMediCalFile({ rng: rng.fork('ca-medi-cal'), people, organizations, names, avoid: onCms, avoidNames: sampleNames });
  // People the lists above name are left alone by the WA, CO and NY lists (NY's names people of other states).
  const listed = [...onCms, ...[ilHfs, txHhsc, caMediCal].flatMap((f) => f.notables.flatMap((n) => n.people))];
  const waHca = waHcaFile({ rng: rng.fork('wa-hca'), people, organizations, names, avoid: listed, avoidNames: sampleNames });
  const coHcpf = coHcpfFiles({ rng: rng.fork('co-hcpf'), people, organizations, names, avoid: listed, avoidNames: sampleNames });
  const nyOmig = nyOmigFile({ rng: rng.fork('ny-omig'), people, organizations, names, avoid: listed, avoidNames: sampleNames });
  const deactivated = deactivatedReports(rng.fork('nppes-deactivated'), people, npis, new Set(cms.notables.flatMap((n) => n.people)));

  const files = new Map<string, string | Buffer>();
  const rows = boardRows(rng.fork('boards'), licenses);
  // Connecticut and Vermont: their own stream, so the other datasets do not change with them.
  for (const [id, list] of ctVtRows(rng.fork('boards-ct-vt'), names, Math.round(options.providers * 0.2), Math.round(options.providers * 0.05)))
    rows.set(id, list);
  for (const [id, list] of rows) files.set(`boards/${id}.json`, jsonArrayLines(list));
  // Kansas: the records the simulator renders the board's search pages from; their own stream too.
  const ks = ksLicensees(rng.fork('boards-ks'), names, Math.round(options.providers * 0.02));
  files.set(ksLicenseesFile, jsonArrayLines(ks.licensees));
  // Massachusetts: the records the simulator answers the bureau's search API from; their own stream too.
  const ma = maLicenses(rng.fork('boards-ma'), names, Math.round(options.providers * 0.02));
  files.set(maLicensesFile, jsonArrayLines(ma.licenses));
  // The roster states: their own stream, so the other files do not change with them.
  const rosterSample = await rosterSampleFiles(rng.fork('rosters'), names, (file) => Math.round((options.providers * (file === 'fl' ? 0.1 : 0.03)) / 1));
  for (const [path, { content }] of rosterSample) files.set(path, content);

  // NPPES: one file per state of the primary license; one single-object file. A deactivated NPI has no
  // record: the registry answers nothing for it.
  const single = people.find((p) => p.tags.includes('tx-typo-nppes') && p.nppes);
  const byState = new Map<LaunchState, Person[]>(launchStates.map((s) => [s, []]));
  for (const person of people) {
    if (!person.nppes || person.nppes.deactivated !== undefined || person === single) continue;
    byState.get(person.nppes.listed[0]!.license.kind.state)!.push(person);
  }
  const nppesRng = rng.fork('nppes-records');
  for (const [state, list] of byState) {
    files.set(`nppes/${state}.json`, jsonArrayLines(list.map((p) => individualRecord(nppesRng.fork(`person:${p.id}`), p))));
  }
  files.set('nppes/organizations.json', jsonArrayLines(organizations.filter((o) => o.npi).map((o) => organizationRecord(nppesRng.fork(`org:${o.id}`), o))));
  if (single) files.set('nppes/single-record.json', `${JSON.stringify(individualRecord(nppesRng.fork(`person:${single.id}`), single), null, 1)}\n`);

  files.set('leie/UPDATED.csv', leieCsv(leieRows));
  files.set(samSampleFile, samCsv(sam));
  files.set(cmsOptOutFile, jsonArrayLines(cms.optOut));
  files.set(cmsRevokedFile, jsonArrayLines(cms.revoked));
  files.set(ilHfsSampleFile, ilHfs.csv);
  files.set(txHhscSampleFile, txHhsc.csv);
  files.set(caMediCalSampleFile, caMediCal.csv);
  files.set(waHcaSampleFile, waHca.csv);
  files.set(coHcpfSampleFile, coHcpf.csv);
  files.set(coHcpfReinstatedSampleFile, coHcpf.reinstatedCsv);
  files.set(nyOmigSampleFile, nyOmig.csv);
  for (const [file, content] of deactivated.files) files.set(file, content);

  const rowCounts = new Map<string, number>();
  const statusCounts = new Map<string, Map<string, number>>();
  for (const [id, list] of rows) {
    rowCounts.set(`boards/${id}.json`, list.length);
    const field = statusField(id);
    if (!field) continue;
    const counts = new Map<string, number>();
    for (const row of list) counts.set(String(row[field]), (counts.get(String(row[field])) ?? 0) + 1);
    statusCounts.set(`boards/${id}.json`, new Map([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))));
  }
  for (const state of launchStates) rowCounts.set(`nppes/${state}.json`, byState.get(state)!.length);
  rowCounts.set('nppes/organizations.json', organizations.filter((o) => o.npi).length);
  if (single) rowCounts.set('nppes/single-record.json', 1);
  rowCounts.set('leie/UPDATED.csv', leieRows.length);
  rowCounts.set(samSampleFile, sam.length);
  rowCounts.set(cmsOptOutFile, cms.optOut.length);
  rowCounts.set(cmsRevokedFile, cms.revoked.length);
  rowCounts.set(ilHfsSampleFile, ilHfs.rows);
  rowCounts.set(txHhscSampleFile, txHhsc.rows);
  rowCounts.set(caMediCalSampleFile, caMediCal.rows);
  rowCounts.set(waHcaSampleFile, waHca.rows);
  rowCounts.set(coHcpfSampleFile, coHcpf.rows);
  rowCounts.set(coHcpfReinstatedSampleFile, coHcpf.reinstatedRows);
  rowCounts.set(nyOmigSampleFile, nyOmig.rows);
  for (const [file, n] of deactivated.rowCounts) rowCounts.set(file, n);
  for (const [path, { rows }] of rosterSample) if (rows > 0) rowCounts.set(path, rows);
  rowCounts.set(ksLicenseesFile, ks.licensees.length);
  rowCounts.set(maLicensesFile, ma.licenses.length);
  files.set(
    'README.md',
    manifest({
      seed,
      people,
      organizations,
      licenses,
      notables: [
        ...notables,
        ...cms.notables,
        ...ilHfs.notables,
        ...txHhsc.notables,
        ...caMediCal.notables,
        ...waHca.notables,
        ...coHcpf.notables,
        ...nyOmig.notables,
        ...deactivated.notables,
      ],
      rowCounts,
      statusCounts,
      ctVtNotables,
      ksNotables: ks.notables,
      maNotables: ma.notables,
      rosterNotables,
    }),
  );
  return { files };
}

/** Writes the sample under `outDir`, replacing earlier generated files (only those). */
export async function writeSample(outDir: string, sample: Sample): Promise<void> {
  for (const dir of ['nppes', 'boards']) {
    const existing = await readdir(join(outDir, dir)).catch(() => [] as string[]);
    for (const name of existing) if (name.endsWith('.json')) await rm(join(outDir, dir, name));
  }
  for (const [relative, content] of sample.files) {
    const path = join(outDir, relative);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, content);
  }
}

export async function generateSampleData(outDir: string, options: SampleOptions): Promise<Sample> {
  const sample = await buildSample(options);
  await writeSample(outDir, sample);
  return sample;
}
