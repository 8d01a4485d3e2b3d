/**
 * The roster states over HTTP against the simulator serving the bundled sample data (sample-data/
 * README.md, "Roster states"): Texas BHEC and Maryland are downloaded by the stack at start-up, as their
 * schedules would; Florida, Alabama, Wyoming (two rosters of eleven board sheets), Nevada (the pharmacy
 * board's XLSX export) and Missouri (four boards' TXTs) are loaded from the operator's files; West Virginia's workbooks are
 * downloaded through the links of its roster page once the test has seen the state unavailable (the page
 * is held back while the stack starts, so the start-up load leaves it unloaded), and so are South Dakota's
 * two lists, each from its board's host (the optometry list is held back at start-up), and Arkansas's
 * podiatry PDF through the "Verification Document" link of its board page (held back too), and Louisiana's
 * massage therapy PDF through the "PROFESSIONAL LICENSE SEARCH" link of the board's search page (held back too); and
 * Alaska's Professional License Download, which an operator saves from a browser and loads; California's Board of Behavioral Sciences file
 * is loaded from the operator's file too. Each: an active license by
 * name, a suspended or revoked one, discipline, look-alikes refused, absence `not_found`, the source
 * reported `cached` as of the file's date; and a roster reload that would shrink it by more than half,
 * or whose format changed, refused with the old version kept.
 */
import { readdir, readFile, rename, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceError } from '#shared/features/sources/errors.ts';
import { ingestRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { alabamaBme } from '#shared/features/sources/rosters/states/alabama.ts';
import { floridaMqa } from '#shared/features/sources/rosters/states/florida.ts';
import { marylandPhysicians } from '#shared/features/sources/rosters/states/maryland.ts';
import { txBhec } from '#shared/features/sources/rosters/states/tx-bhec.ts';
import { wyomingActive, wyomingBoards } from '#shared/features/sources/rosters/states/wyoming.ts';
import { westVirginiaBom } from '#shared/features/sources/rosters/states/west-virginia.ts';
import { nevadaPharmacy } from '#shared/features/sources/rosters/states/nevada.ts';
import { southDakotaBoards } from '#shared/features/sources/rosters/states/south-dakota.ts';
import { missouriMopro } from '#shared/features/sources/rosters/states/missouri.ts';
import { arkansasPodiatry } from '#shared/features/sources/rosters/states/arkansas.ts';
import { louisianaMassage } from '#shared/features/sources/rosters/states/louisiana.ts';
import { alaskaCbpl } from '#shared/features/sources/rosters/states/alaska.ts';
import { californiaBbs } from '#shared/features/sources/rosters/states/california.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { verifyOk } from '../support/verify-call.ts';
import { dynamoRosterStore } from '#shared/features/sources/source-store-services.ts';

/** The Florida file's date: a month ago, within the 60 days an operator upload is answered from. */
const flAsOf = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);

let t: TestStack;
let data: SourceDataCopy;
let key: string;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  // West Virginia's roster page is held back while the stack starts, so its rosters are not loaded yet.
  const wvPage = join(data.dir, 'rosters', 'wv_bom', 'Rosters.asp');
  await rename(wvPage, `${wvPage}.held`);
  // So is South Dakota's optometry list, so its roster (both lists or none) is not loaded yet.
  const sdOptometry = join(data.dir, 'rosters', 'sd_boards', 'optometry.appssd.sd.gov', 'Downloads', 'DownloadVerificationList');
  await rename(sdOptometry, `${sdOptometry}.held`);
  // And Arkansas's podiatry board page, so its PDF is not found yet.
  const arPage = join(data.dir, 'rosters', 'ar_bopm', 'boards-commissions', 'boards', 'podiatric-medicine-board', 'index.html');
  await rename(arPage, `${arPage}.held`);
  // And Louisiana's massage therapy search page, so its PDF is not found yet.
  const laPage = join(data.dir, 'rosters', 'la_lbmt', 'search', 'index.html');
  await rename(laPage, `${laPage}.held`);
  t = await startTestStack({ sourceDataDir: data.dir });
  await rename(`${wvPage}.held`, wvPage);
  await rename(`${sdOptometry}.held`, sdOptometry);
  await rename(`${arPage}.held`, arPage);
  await rename(`${laPage}.held`, laPage);
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
  // Texas BHEC through its schedule and the ingest worker; Maryland downloaded directly; Florida from the operator's file.
  await t.stack.scheduler.fire('txBhecCheck');
  await ingestRoster(marylandPhysicians, dynamoRosterStore());
  for (let i = 0; i < 200 && !(await dynamoRosterStore().current(txBhec.id)); i++) await new Promise((r) => setTimeout(r, 50));
  await ingestRoster(floridaMqa, dynamoRosterStore(), { files: [join(data.dir, 'rosters', 'fl_mqa', 'LIC_ALL.txt')], asOf: flAsOf });
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

const verify = (body: Record<string, unknown>) => verifyOk(t, key, body);
const sourceNamed = (body: Record<string, any>, name: string) =>
  (body.sources as { name: string; status: string; as_of: string | null; evidence: { rows?: number[] }[] }[]).find((s) => s.name === name);

describe('Texas: the BHEC roster joins the Texas datasets', () => {
  it('finds an active counselor from the roster, reported cached as of the file date beside the live datasets', async () => {
    const body = await verify({ first_name: 'Margaret', last_name: 'Achterberg', state: 'TX', profession: 'counselor' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: '70001', profession: 'counselor', disciplinary_flags: false });
    expect(body.license_type).toBe('5261 - LPC');
    expect(body).toMatchObject({ source_live: false, cached: true });
    expect(sourceNamed(body, 'Texas Behavioral Health Executive Council')).toMatchObject({ status: 'cached' });
    expect(sourceNamed(body, 'Texas Behavioral Health Executive Council')!.as_of).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect(sourceNamed(body, 'Texas Medical Board and Texas Board of Nursing')).toMatchObject({ status: 'live' });
  });

  it('maps suspended and revoked licenses and reports the discipline flag', async () => {
    expect(await verify({ first_name: 'Desmond', last_name: 'Vanterpool', state: 'TX' })).toMatchObject({
      status: 'suspended',
      verified: false,
      disciplinary_flags: true,
      profession: 'social_worker',
    });
    expect(await verify({ first_name: 'Harriet', last_name: 'Wexley', state: 'TX' })).toMatchObject({ status: 'revoked', profession: 'psychologist' });
    expect(await verify({ first_name: 'Orlando', last_name: 'Penhallow', state: 'TX' })).toMatchObject({
      status: 'active',
      verified: true,
      disciplinary_flags: true,
      profession: 'marriage_family_therapist',
    });
  });

  it('keeps one board number apart from the same number on another board, refuses a look-alike, and answers not_found for the absent', async () => {
    expect(await verify({ first_name: 'Priscilla', last_name: 'Odell', state: 'TX' })).toMatchObject({ status: 'active', license_number: '70001' });
    expect((await verify({ first_name: 'Margarita', last_name: 'Achterberg', state: 'TX' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Achterberg', state: 'TX' })).status).toBe('not_found');
  });

  it('a changed BHEC format is refused at ingest and the loaded roster keeps answering', async () => {
    const store = dynamoRosterStore();
    const before = await store.current(txBhec.id);
    await data.setFaults({ tx_bhec: { mode: 'malformed' } });
    try {
      await expect(ingestRoster(txBhec, store, { force: true })).rejects.toThrow(/no header within .* lacks the column\(s\) LIC_TYPE/);
    } finally {
      await data.setFaults({});
    }
    expect((await store.current(txBhec.id))!.version).toBe(before!.version);
    expect((await verify({ first_name: 'Margaret', last_name: 'Achterberg', state: 'TX' })).status).toBe('active');
  });
});

describe('Maryland: the Board of Physicians rosters', () => {
  it('finds an active physician past the preamble, as of the report date the preamble gives', async () => {
    const body = await verify({ first_name: 'Eleanor', last_name: 'Brightwater', state: 'MD' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: 'D0067123', profession: 'physician', disciplinary_flags: false });
    expect(body).toMatchObject({ source_live: false, cached: true });
    // The evidence is the roster's files as ingested: each one's SHA-256 as downloaded.
    const version = (await dynamoRosterStore().current(marylandPhysicians.id))!;
    expect(sourceNamed(body, 'Maryland Board of Physicians')).toEqual({
      name: 'Maryland Board of Physicians',
      status: 'cached',
      as_of: '2026-10-01T00:00:00.000Z',
      evidence: version.files.map((f) => ({
        kind: 'file',
        sha256: f.sha256,
        fetched_at: version.ingested_at,
        content_type: 'text/csv',
        size: f.bytes,
        // Her row is named in the physicians' file only.
        ...(f.name.toLowerCase().includes('allied') ? {} : { rows: [expect.any(Number)] }),
      })),
    });
    expect(version.files).toHaveLength(2);
  });

  it('reads Probation as active with discipline (its practice-area rows merged), and the allied file', async () => {
    expect(await verify({ first_name: 'Frederick', last_name: 'Ashcombe', state: 'MD' })).toMatchObject({ status: 'active', disciplinary_flags: true });
    expect(await verify({ first_name: 'Lorraine', last_name: 'Pettigrew', state: 'MD', profession: 'physician_assistant' })).toMatchObject({
      status: 'active',
      license_number: 'C05512',
      profession: 'physician_assistant',
    });
  });

  it('a current-only roster: the absent (a revoked physician drops out) are not_found, look-alikes refused, nurses not covered', async () => {
    const absent = await verify({ first_name: 'Zebulon', last_name: 'Brightwater', state: 'MD' });
    expect(absent).toMatchObject({ status: 'not_found', disciplinary_flags: false, verified: false });
    expect((await verify({ first_name: 'Eleanora', last_name: 'Brightwater', state: 'MD' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Eleanor', last_name: 'Brightwater', state: 'MD', profession: 'registered_nurse' })).status).toBe(
      'profession_not_covered',
    );
  });

  it('refuses a reload that would shrink the roster by more than half; the old version stays', async () => {
    const store = dynamoRosterStore();
    const before = (await store.current(marylandPhysicians.id))!;
    const dir = join(data.dir, 'rosters', 'md_bop', 'forms');
    const physicians = (await readFile(join(dir, 'doctor_list_revised.csv'), 'utf8')).split('\r\n');
    const allied = (await readFile(join(dir, 'allied_health_list.csv'), 'utf8')).split('\r\n');
    // Preamble, header and the first few rows of each file: far under half.
    const short = join(data.dir, 'short');
    await writeFile(`${short}-doctor_list_revised.csv`, physicians.slice(0, 14).join('\r\n'));
    await writeFile(`${short}-allied_health_list.csv`, allied.slice(0, 12).join('\r\n'));
    const files = [`${short}-doctor_list_revised.csv`, `${short}-allied_health_list.csv`];
    const refused = await ingestRoster(marylandPhysicians, store, { files }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SourceError);
    expect((refused as SourceError).message).toMatch(/refusing to switch/);
    expect((await store.current(marylandPhysicians.id))!.version).toBe(before.version);
    expect((await verify({ first_name: 'Eleanor', last_name: 'Brightwater', state: 'MD' })).status).toBe('active');
  });
});

describe('Florida: the MQA licensure file, loaded by the operator', () => {
  it('finds an active physician under the number NPPES holds (rank prefix + digits), as of the operator’s date', async () => {
    const body = await verify({ first_name: 'Margaret', last_name: 'Thibodeaux', state: 'FL' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: 'ME98765', profession: 'physician', disciplinary_flags: false });
    expect(sourceNamed(body, 'Florida Department of Health MQA')).toEqual({
      name: 'Florida Department of Health MQA',
      status: 'cached',
      as_of: `${flAsOf}T00:00:00.000Z`,
      // The operator's file, by its SHA-256 as loaded (pipe-delimited text).
      evidence: [
        expect.objectContaining({ kind: 'file', content_type: 'text/plain', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), rows: [expect.any(Number)] }),
      ],
    });
    // The row named is hers: its number counts the file's rows from 1 (blank lines are not rows).
    const [row] = sourceNamed(body, 'Florida Department of Health MQA')!.evidence[0]!.rows as number[];
    const rows = (await readFile(join(data.dir, 'rosters', 'fl_mqa', 'LIC_ALL.txt'), 'latin1')).split(/\r?\n/).filter((l) => l.trim());
    expect(rows[row! - 1]).toMatch(/THIBODEAUX/i);
  });

  it('maps an emergency suspension and a revocation, and the board-action indicator', async () => {
    expect(await verify({ first_name: 'Bartholomew', last_name: 'Okwuosa', state: 'FL' })).toMatchObject({
      status: 'suspended',
      disciplinary_flags: true,
      profession: 'registered_nurse',
    });
    expect(await verify({ first_name: 'Cornelius', last_name: 'Vandersloot', state: 'FL' })).toMatchObject({ status: 'revoked', profession: 'pharmacist' });
    expect(await verify({ first_name: 'Imogen', last_name: 'Fairweather', state: 'FL' })).toMatchObject({ status: 'active', disciplinary_flags: true });
  });

  it('reads a stray quote as an apostrophe; a row widened by a pipe in its email is not read', async () => {
    expect(await verify({ first_name: 'Patrick', last_name: "O'Shaughnessy", state: 'FL' })).toMatchObject({ status: 'active', name: "Patrick O'Shaughnessy" });
    expect((await verify({ first_name: 'Winifred', last_name: 'Kaplinsky', state: 'FL' })).status).toBe('not_found');
  });

  it('refuses a look-alike and answers not_found for an absent provider', async () => {
    expect((await verify({ first_name: 'Margarita', last_name: 'Thibodeaux', state: 'FL' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quagmire', state: 'FL' })).status).toBe('not_found');
  });
});

describe('Alabama: the Board of Medical Examiners roster, loaded by the operator', () => {
  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    const body = await verify({ first_name: 'Eleanor', last_name: 'Culpepper', state: 'AL' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, 'Alabama Board of Medical Examiners')).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once loaded: an active physician, discipline from PUBLIC ACTIONS?, look-alikes refused, the absent not_found', async () => {
    await ingestRoster(alabamaBme, dynamoRosterStore(), { files: [join(data.dir, 'rosters', 'al_bme', 'roster.csv')] });
    expect(await verify({ first_name: 'Eleanor', last_name: 'Culpepper', state: 'AL' })).toMatchObject({
      status: 'active',
      verified: true,
      license_number: 'MD.31245',
      profession: 'physician',
      disciplinary_flags: false,
    });
    expect(await verify({ first_name: 'Thaddeus', last_name: 'Merriweather', state: 'AL' })).toMatchObject({
      status: 'active',
      disciplinary_flags: true,
      profession: 'physician_assistant',
    });
    expect((await verify({ first_name: 'Eleanora', last_name: 'Culpepper', state: 'AL' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Culpepper', state: 'AL' })).status).toBe('not_found');
  });
});

describe('Wyoming: eleven boards’ Google Sheets, loaded by the operator', () => {
  /** The sheets' date: three weeks ago, within the 60 days an operator upload is answered from. */
  const wyAsOf = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
  const sheets = (roster: string, names: readonly string[]) => names.map((n) => join(data.dir, 'rosters', roster, n));
  const fullSheets = () =>
    sheets(
      'wy_boards',
      wyomingBoards.locate.files!.map((f) => f.name),
    );
  const activeSheets = () =>
    sheets(
      'wy_active',
      wyomingActive.locate.files!.map((f) => f.name),
    );

  it('before its rosters are loaded the state is source_unavailable, never not_found', async () => {
    const body = await verify({ first_name: 'Winifred', last_name: 'Ashgrove', state: 'WY' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
  });

  it('refuses a load missing one of the declared sheets', async () => {
    await expect(ingestRoster(wyomingBoards, dynamoRosterStore(), { files: fullSheets().slice(1), asOf: wyAsOf })).rejects.toThrow(/chiropractic\.csv/);
    expect(await dynamoRosterStore().current(wyomingBoards.id)).toBeUndefined();
  });

  it('with one roster loaded and the other not, the state still answers source_unavailable', async () => {
    await ingestRoster(wyomingBoards, dynamoRosterStore(), { files: fullSheets(), asOf: wyAsOf });
    expect((await verify({ first_name: 'Winifred', last_name: 'Ashgrove', state: 'WY' })).status).toBe('source_unavailable');
  });

  it('once both are loaded: active, expired, suspended and disciplined licenses, each from its board sheet', async () => {
    await ingestRoster(wyomingActive, dynamoRosterStore(), { files: activeSheets(), asOf: wyAsOf });
    const active = await verify({ first_name: 'Winifred', last_name: 'Ashgrove', state: 'WY', profession: 'psychologist' });
    expect(active).toMatchObject({ status: 'active', verified: true, license_number: '931', profession: 'psychologist', disciplinary_flags: false });
    expect(sourceNamed(active, wyomingBoards.displayName)).toMatchObject({ status: 'cached' });
    expect(sourceNamed(active, wyomingBoards.displayName)!.as_of).toBe(`${wyAsOf}T00:00:00.000Z`);
    expect(await verify({ first_name: 'Percival', last_name: 'Thornbury', state: 'WY' })).toMatchObject({
      status: 'expired',
      verified: false,
      license_number: '612',
      profession: 'chiropractor',
    });
    expect(await verify({ first_name: 'Ambrose', last_name: 'Kittredge', state: 'WY' })).toMatchObject({
      status: 'suspended',
      verified: false,
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Rosalind', last_name: 'Quennell', state: 'WY' })).toMatchObject({
      status: 'active',
      disciplinary_flags: true,
      license_number: 'PT-2871',
      profession: 'physical_therapist',
    });
    expect(await verify({ first_name: 'Beatrix', last_name: 'Ravensworth', state: 'WY' })).toMatchObject({
      status: 'active',
      disciplinary_flags: true,
      profession: 'dentist',
    });
    expect(await verify({ first_name: 'Leopold', last_name: 'Haverford', state: 'WY' })).toMatchObject({
      status: 'active',
      license_number: 'LCSW-1944',
      profession: 'social_worker',
    });
  });

  it('a blank status is not read: the source could not read it, never a guessed status', async () => {
    const body = await verify({ first_name: 'Cordelia', last_name: 'Tillinghast', state: 'WY' });
    expect(body.status).toBe('source_unavailable');
    expect(body.sources.find((s: { reason?: { code: string } }) => s.reason?.code === 'unreadable_value')).toBeDefined();
  });

  it('refuses a look-alike; the absent is not_found (never licensed by the nine boards, not currently by Dental or Mental Health)', async () => {
    expect((await verify({ first_name: 'Wilhelmina', last_name: 'Ashgrove', state: 'WY' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quagmire', state: 'WY' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quagmire', state: 'WY', profession: 'registered_nurse' })).status).toBe('profession_not_covered');
  });
});

describe('West Virginia: the Board of Medicine rosters (three workbooks linked from Rosters.asp)', () => {
  it('before its rosters are loaded the state is source_unavailable, never not_found', async () => {
    const body = await verify({ first_name: 'Rosalind', last_name: 'Quarrington', state: 'WV' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, 'West Virginia Board of Medicine')).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once downloaded: an active physician from the Licenses sheet, no discipline claimed, cached as of the files', async () => {
    expect(await ingestRoster(westVirginiaBom, dynamoRosterStore())).toMatchObject({
      outcome: 'ingested',
      files: ['medical-doctors.xlsx', 'physician-assistants.xlsx', 'podiatric-physicians.xlsx'],
      stats: { malformed_rows: 0 },
    });
    const body = await verify({ first_name: 'Rosalind', last_name: 'Quarrington', state: 'WV' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: '31877', profession: 'physician', disciplinary_flags: false });
    expect(body.license_type).toBe('Medical Doctor');
    expect(body).toMatchObject({ source_live: false, cached: true });
    const version = (await dynamoRosterStore().current(westVirginiaBom.id))!;
    expect(version.files).toHaveLength(3);
    expect(sourceNamed(body, 'West Virginia Board of Medicine')).toMatchObject({ status: 'cached', as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(sourceNamed(body, 'West Virginia Board of Medicine')!.evidence[0]).toMatchObject({
      kind: 'file',
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  it('reads a suffix and an MM/DD/YYYY expiry, the PA and podiatry workbooks, and one number on two boards as two licenses', async () => {
    expect(await verify({ first_name: 'Cornelius', last_name: 'Haverford', state: 'WV' })).toMatchObject({ status: 'active', license_number: '28014' });
    expect(await verify({ first_name: 'Winifred', last_name: 'Ashdown', state: 'WV', profession: 'physician_assistant' })).toMatchObject({
      status: 'active',
      license_number: '2417',
      profession: 'physician_assistant',
      disciplinary_flags: false,
    });
    expect(await verify({ first_name: 'Octavia', last_name: 'Stranwick', state: 'WV' })).toMatchObject({
      status: 'active',
      license_number: '2417',
      profession: 'physician',
    });
    expect(await verify({ first_name: 'Lysander', last_name: 'Pembrook', state: 'WV', profession: 'podiatrist' })).toMatchObject({
      status: 'active',
      license_number: '10488',
      profession: 'podiatrist',
    });
  });

  it('a current-only roster: the absent (lapsed, revoked or never licensed alike) are not_found, look-alikes refused, other professions not covered', async () => {
    const absent = await verify({ first_name: 'Zebulon', last_name: 'Quarrington', state: 'WV' });
    expect(absent).toMatchObject({ status: 'not_found', disciplinary_flags: false, verified: false });
    expect((await verify({ first_name: 'Rosalyn', last_name: 'Quarrington', state: 'WV' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Rosalind', last_name: 'Quarrington', state: 'WV', profession: 'registered_nurse' })).status).toBe(
      'profession_not_covered',
    );
  });

  it('a roster page without the link is refused at ingest and the loaded rosters keep answering', async () => {
    const store = dynamoRosterStore();
    const before = (await store.current(westVirginiaBom.id))!;
    const page = join(data.dir, 'rosters', 'wv_bom', 'Rosters.asp');
    const html = await readFile(page, 'utf8');
    await writeFile(page, html.replace('Roster of Physician Assistants', 'PA list'));
    try {
      await expect(ingestRoster(westVirginiaBom, store, { force: true })).rejects.toThrow(/no link like text \/Roster of Physician Assistants\/i/);
    } finally {
      await writeFile(page, html);
    }
    expect((await store.current(westVirginiaBom.id))!.version).toBe(before.version);
    expect((await verify({ first_name: 'Rosalind', last_name: 'Quarrington', state: 'WV' })).status).toBe('active');
  });
});

describe('Nevada: the State Board of Pharmacy’s export of every pharmacist record, loaded by the operator', () => {
  /** The export's date: a week ago, within the 60 days an operator upload is answered from. */
  const nvAsOf = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const workbook = () => join(data.dir, 'rosters', 'nv_bop', 'pharmacists.xlsx');

  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    const body = await verify({ first_name: 'Evangeline', last_name: 'Quillfeather', state: 'NV' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, nevadaPharmacy.displayName)).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once loaded: an active pharmacist from the workbook, cached as of the operator’s date; applications and voided records not stored', async () => {
    const outcome = await ingestRoster(nevadaPharmacy, dynamoRosterStore(), { files: [workbook()], asOf: nvAsOf });
    expect(outcome).toMatchObject({ outcome: 'ingested', stats: { malformed_rows: 0 } });
    const body = await verify({ first_name: 'Evangeline', last_name: 'Quillfeather', state: 'NV', profession: 'pharmacist' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: '17421', profession: 'pharmacist', disciplinary_flags: false });
    expect(body.license_type).toBe('Pharmacist');
    expect(body).toMatchObject({ source_live: false, cached: true });
    expect(sourceNamed(body, nevadaPharmacy.displayName)).toMatchObject({ status: 'cached', as_of: `${nvAsOf}T00:00:00.000Z` });
    expect(sourceNamed(body, nevadaPharmacy.displayName)!.evidence[0]).toMatchObject({
      kind: 'file',
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  it('maps suspended, revoked, non-renewed, probation and temporary records, and the Discipline column', async () => {
    expect(await verify({ first_name: 'Barnaby', last_name: 'Thistlewood', state: 'NV' })).toMatchObject({
      status: 'suspended',
      verified: false,
      license_number: '12693',
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Ottilie', last_name: 'Fenwright', state: 'NV' })).toMatchObject({
      status: 'revoked',
      verified: false,
      license_number: '03318',
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Lucian', last_name: 'Marchbanks', state: 'NV' })).toMatchObject({
      status: 'expired',
      verified: false,
      license_number: '15904',
    });
    expect(await verify({ first_name: 'Cassius', last_name: 'Wrenhaven', state: 'NV' })).toMatchObject({
      status: 'active',
      verified: true,
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Theodora', last_name: 'Ashbury', state: 'NV' })).toMatchObject({ status: 'active', license_number: '25233' });
    expect(await verify({ first_name: 'Edmund', last_name: 'Pennyfeather', state: 'NV' })).toMatchObject({ status: 'active', license_number: '20315' });
  });

  it('refuses a look-alike; the absent and the applicant are not_found (never registered as a Nevada pharmacist); other professions not covered', async () => {
    expect((await verify({ first_name: 'Evangelina', last_name: 'Quillfeather', state: 'NV' })).status).toBe('not_found');
    const absent = await verify({ first_name: 'Zebulon', last_name: 'Quagmire', state: 'NV' });
    expect(absent).toMatchObject({ status: 'not_found', verified: false, disciplinary_flags: false });
    expect((await verify({ first_name: 'Isolde', last_name: 'Harrowgate', state: 'NV' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Evangeline', last_name: 'Quillfeather', state: 'NV', profession: 'registered_nurse' })).status).toBe(
      'profession_not_covered',
    );
  });
});

describe('South Dakota: the chiropractic and optometry verification lists (active licensees only)', () => {
  const name = southDakotaBoards.displayName;

  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    expect(await dynamoRosterStore().current(southDakotaBoards.id)).toBeUndefined();
    const body = await verify({ first_name: 'Margaret', last_name: 'Halvorsrud', state: 'SD' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once both lists are downloaded: an active chiropractor from the one-column name, cached as of the download', async () => {
    expect(await ingestRoster(southDakotaBoards, dynamoRosterStore())).toMatchObject({
      outcome: 'ingested',
      files: ['chiropractic.csv', 'optometry.csv'],
      stats: { malformed_rows: 0 },
    });
    const body = await verify({ first_name: 'Margaret', last_name: 'Halvorsrud', state: 'SD' });
    expect(body).toMatchObject({
      status: 'active',
      verified: true,
      license_number: '1602',
      profession: 'chiropractor',
      license_type: 'DC',
      disciplinary_flags: false,
      source_live: false,
      cached: true,
    });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'cached', as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(sourceNamed(body, name)!.evidence).toHaveLength(2);
    expect(sourceNamed(body, name)!.evidence[0]).toMatchObject({ kind: 'file', content_type: 'text/csv', rows: [2] });
  });

  it('reads the discipline flag of each list, a two-word surname after the initial, and one number on the two boards as two licenses', async () => {
    expect(await verify({ first_name: 'Leopold', last_name: 'Tjeerdsma', state: 'SD' })).toMatchObject({
      status: 'active',
      verified: true,
      license_number: '1618',
      profession: 'chiropractor',
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Augustin', last_name: 'Van Oosterhout', state: 'SD' })).toMatchObject({ status: 'active', license_number: '1634' });
    expect(await verify({ first_name: 'Ingrid', last_name: 'Kvernmo', state: 'SD', profession: 'optometrist' })).toMatchObject({
      status: 'active',
      license_number: '901',
      profession: 'optometrist',
      license_type: 'TPA',
      disciplinary_flags: false,
    });
    expect(await verify({ first_name: 'Torvald', last_name: 'Brekkestad', state: 'SD' })).toMatchObject({
      status: 'active',
      license_number: '1602',
      profession: 'optometrist',
      disciplinary_flags: true,
    });
  });

  it('a current-only roster: the absent are not_found (not currently licensed, nothing more claimed), look-alikes refused, other professions not covered', async () => {
    const absent = await verify({ first_name: 'Zebulon', last_name: 'Halvorsrud', state: 'SD' });
    expect(absent).toMatchObject({ status: 'not_found', verified: false, disciplinary_flags: false });
    expect(sourceNamed(absent, name)).toMatchObject({ status: 'cached' });
    expect((await verify({ first_name: 'Margarita', last_name: 'Halvorsrud', state: 'SD' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Margaret', last_name: 'Halvorsrud', state: 'SD', profession: 'physician' })).status).toBe('profession_not_covered');
  });

  it('a changed list format is refused at ingest and the loaded roster keeps answering', async () => {
    const store = dynamoRosterStore();
    const before = (await store.current(southDakotaBoards.id))!;
    await data.setFaults({ sd_boards: { mode: 'malformed' } });
    try {
      await expect(ingestRoster(southDakotaBoards, store, { force: true })).rejects.toThrow(/lacks the column\(s\) Name/);
    } finally {
      await data.setFaults({});
    }
    expect((await store.current(southDakotaBoards.id))!.version).toBe(before.version);
    expect((await verify({ first_name: 'Margaret', last_name: 'Halvorsrud', state: 'SD' })).status).toBe('active');
  });
});

describe('Missouri: four boards’ MOPRO downloads, loaded by the operator (current licenses only)', () => {
  /** The downloads' date: two weeks ago, within the 60 days an operator upload is answered from. */
  const moAsOf = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
  const files = () => missouriMopro.locate.files!.map((f) => join(data.dir, 'rosters', 'mo_pr', f.name));

  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    expect(await verify({ first_name: 'Evangeline', last_name: 'Quillbrook', state: 'MO' })).toMatchObject({ status: 'source_unavailable', verified: false });
  });

  it('refuses a load missing one of the four boards’ files', async () => {
    await expect(ingestRoster(missouriMopro, dynamoRosterStore(), { files: files().slice(1), asOf: moAsOf })).rejects.toThrow(/chiropractic\.txt/);
    expect(await dynamoRosterStore().current(missouriMopro.id)).toBeUndefined();
  });

  it('once loaded: active licenses of each board, the record broken over lines read whole, no discipline claimed', async () => {
    await ingestRoster(missouriMopro, dynamoRosterStore(), { files: files(), asOf: moAsOf });
    const chiro = await verify({ first_name: 'Evangeline', last_name: 'Quillbrook', state: 'MO', profession: 'chiropractor' });
    expect(chiro).toMatchObject({ status: 'active', verified: true, license_number: '2019034411', profession: 'chiropractor', disciplinary_flags: false });
    expect(sourceNamed(chiro, missouriMopro.displayName)).toMatchObject({ status: 'cached' });
    expect(sourceNamed(chiro, missouriMopro.displayName)!.as_of).toBe(`${moAsOf}T00:00:00.000Z`);
    expect(await verify({ first_name: 'Barnaby', last_name: 'Fenwater', state: 'MO' })).toMatchObject({
      status: 'active',
      verified: true,
      license_number: '004417',
      profession: 'chiropractor',
    });
    expect(await verify({ first_name: 'Marigold', last_name: 'Ashcombe', state: 'MO', profession: 'dentist' })).toMatchObject({
      status: 'active',
      profession: 'dentist',
    });
    expect(await verify({ first_name: 'Tobias', last_name: 'Marlowby', state: 'MO', profession: 'dental_hygienist' })).toMatchObject({
      status: 'active',
      license_number: '003391',
      profession: 'dental_hygienist',
    });
    expect(await verify({ first_name: 'Henrietta', last_name: 'Thornquist', state: 'MO' })).toMatchObject({ status: 'active', profession: 'dental_assistant' });
    expect(await verify({ first_name: 'Augustin', last_name: 'Winterbourne', state: 'MO' })).toMatchObject({ status: 'active', profession: 'optometrist' });
    expect(await verify({ first_name: 'Rosamund', last_name: 'Halloran', state: 'MO' })).toMatchObject({
      status: 'active',
      license_number: '00862',
      profession: 'psychologist',
      disciplinary_flags: false,
    });
  });

  it('refuses a look-alike; the absent is not_found (no current license on the files, not "never licensed"); physicians are not covered', async () => {
    expect((await verify({ first_name: 'Evangelina', last_name: 'Quillbrook', state: 'MO' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quagmire', state: 'MO', profession: 'dentist' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quagmire', state: 'MO', profession: 'physician' })).status).toBe('profession_not_covered');
  });
});

describe('Arkansas: the podiatry board’s License Verification PDF (found by its link text, not current-only)', () => {
  const name = arkansasPodiatry.displayName;

  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    expect(await dynamoRosterStore().current(arkansasPodiatry.id)).toBeUndefined();
    const body = await verify({ first_name: 'Wilhelmina', last_name: 'Quillmarsh', state: 'AR' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once downloaded: an active podiatrist from the PDF, no discipline, cached as of its Last Updated date', async () => {
    expect(await ingestRoster(arkansasPodiatry, dynamoRosterStore())).toMatchObject({
      outcome: 'ingested',
      files: ['LicenseVerification.pdf'],
      as_of: '2026-10-15',
      stats: { malformed_rows: 0 },
    });
    const body = await verify({ first_name: 'Wilhelmina', last_name: 'Quillmarsh', state: 'AR', profession: 'podiatrist' });
    expect(body).toMatchObject({
      status: 'active',
      verified: true,
      license_number: '412',
      profession: 'podiatrist',
      license_type: 'Podiatrist',
      disciplinary_flags: false,
      source_live: false,
      cached: true,
    });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'cached', as_of: '2026-10-15T00:00:00.000Z' });
    expect(sourceNamed(body, name)!.evidence).toEqual([
      expect.objectContaining({ kind: 'file', content_type: 'application/pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), rows: [expect.any(Number)] }),
    ]);
  });

  it('a licence past its Valid Thru is expired; Disciplinary Action YES is discipline; a suffix and a curly apostrophe are read', async () => {
    expect(await verify({ first_name: 'Ambrose', last_name: 'Kettlewood', state: 'AR' })).toMatchObject({
      status: 'expired',
      verified: false,
      license_number: '413',
      disciplinary_flags: false,
    });
    expect(await verify({ first_name: 'Ignatius', last_name: 'Vanbrugh', state: 'AR' })).toMatchObject({
      status: 'active',
      license_number: '414',
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Thaddeus', last_name: 'Pomfret', state: 'AR' })).toMatchObject({ status: 'active', license_number: '415' });
    expect(await verify({ first_name: 'Perpetua', last_name: 'O’Dowling', state: 'AR' })).toMatchObject({ status: 'active', license_number: '416' });
  });

  it('refuses a look-alike; the absent are not_found (no licence the roster lists); other professions not covered', async () => {
    expect((await verify({ first_name: 'Wilhelmine', last_name: 'Quillmarsh', state: 'AR' })).status).toBe('not_found');
    const absent = await verify({ first_name: 'Zebulon', last_name: 'Quillmarsh', state: 'AR' });
    expect(absent).toMatchObject({ status: 'not_found', verified: false, disciplinary_flags: false });
    expect(sourceNamed(absent, name)).toMatchObject({ status: 'cached' });
    expect((await verify({ first_name: 'Wilhelmina', last_name: 'Quillmarsh', state: 'AR', profession: 'physician' })).status).toBe('profession_not_covered');
  });

  it('a linked file that is no PDF is refused at ingest and the loaded roster keeps answering', async () => {
    const store = dynamoRosterStore();
    const before = (await store.current(arkansasPodiatry.id))!;
    const dir = join(data.dir, 'rosters', 'ar_bopm', 'uploads');
    const [file] = (await readdir(dir)).filter((f) => f.endsWith('.pdf'));
    const bytes = await readFile(join(dir, file!));
    await writeFile(join(dir, file!), '<!DOCTYPE html><html><body><h1>Access denied</h1></body></html>\n');
    try {
      await expect(ingestRoster(arkansasPodiatry, store, { force: true })).rejects.toThrow(/no PDF/);
    } finally {
      await writeFile(join(dir, file!), bytes);
    }
    expect((await store.current(arkansasPodiatry.id))!.version).toBe(before.version);
    expect((await verify({ first_name: 'Wilhelmina', last_name: 'Quillmarsh', state: 'AR' })).status).toBe('active');
  });
});

describe('Louisiana: the massage therapy board’s PDF of active licensees (found by its link text, current-only)', () => {
  const name = louisianaMassage.displayName;
  /** The PDF's date: the file prints none, so it is dated by its Last-Modified. */
  const edition = '2026-10-16';

  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    expect(await dynamoRosterStore().current(louisianaMassage.id)).toBeUndefined();
    const body = await verify({ first_name: 'Rosalind', last_name: 'Marcheteau', state: 'LA' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once downloaded through the search page: an active massage therapist, no discipline claimed, cached as of the file’s Last-Modified', async () => {
    const dir = join(data.dir, 'rosters', 'la_lbmt', 'wp-content', 'uploads', '2026', '10');
    const [file] = (await readdir(dir)).filter((f) => f.endsWith('.pdf'));
    await utimes(join(dir, file!), new Date(`${edition}T14:00:00Z`), new Date(`${edition}T14:00:00Z`));
    expect(await ingestRoster(louisianaMassage, dynamoRosterStore())).toMatchObject({
      outcome: 'ingested',
      files: ['Active-LMT.pdf'],
      as_of: edition,
      stats: { malformed_rows: 0 },
    });
    const body = await verify({ first_name: 'Rosalind', last_name: 'Marcheteau', state: 'LA', profession: 'massage_therapist' });
    expect(body).toMatchObject({
      status: 'active',
      verified: true,
      license_number: 'LA10601',
      profession: 'massage_therapist',
      license_type: 'Licensed Massage Therapist',
      disciplinary_flags: false,
      source_live: false,
      cached: true,
    });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'cached', as_of: `${edition}T00:00:00.000Z` });
    expect(sourceNamed(body, name)!.evidence).toEqual([
      expect.objectContaining({ kind: 'file', content_type: 'application/pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), rows: [expect.any(Number)] }),
    ]);
  });

  it('a three-word name is found by either surname, a suffix and a mis-encoded apostrophe are read, a licence printed twice is one', async () => {
    expect(await verify({ first_name: 'Odalys', last_name: 'Vidrine', state: 'LA' })).toMatchObject({ status: 'active', license_number: 'LA10602' });
    expect(await verify({ first_name: 'Odalys', last_name: 'Perrault', state: 'LA' })).toMatchObject({ status: 'active', license_number: 'LA10602' });
    expect(await verify({ first_name: 'Beauregard', last_name: 'Landeche', state: 'LA' })).toMatchObject({ status: 'active', license_number: 'LA10603' });
    expect(await verify({ first_name: 'JaNelle', last_name: 'Quibodeaux', state: 'LA' })).toMatchObject({ status: 'active', license_number: 'LA10604' });
    expect(await verify({ first_name: 'Coralie', last_name: 'Rousselle', state: 'LA' })).toMatchObject({ status: 'active', license_number: 'LA10606' });
  });

  it('a name the file garbles beyond repair is not read: the source could not read the licence, never a guessed status', async () => {
    const body = await verify({ first_name: 'Ida', last_name: 'Faucheux', state: 'LA' });
    expect(body.status).toBe('source_unavailable');
    expect(body.sources.find((s: { reason?: { code: string } }) => s.reason?.code === 'unreadable_value')).toBeDefined();
  });

  it('refuses a look-alike; the absent are not_found (no active licence on the list, not "never licensed"); other professions not covered', async () => {
    expect((await verify({ first_name: 'Rosalina', last_name: 'Marcheteau', state: 'LA' })).status).toBe('not_found');
    const absent = await verify({ first_name: 'Zebulon', last_name: 'Marcheteau', state: 'LA' });
    expect(absent).toMatchObject({ status: 'not_found', verified: false, disciplinary_flags: false });
    expect(sourceNamed(absent, name)).toMatchObject({ status: 'cached' });
    expect((await verify({ first_name: 'Rosalind', last_name: 'Marcheteau', state: 'LA', profession: 'physician' })).status).toBe('profession_not_covered');
  });
});

describe('Alaska: the CBPL Professional License Download, loaded by the operator (current and suspended licenses, every program)', () => {
  const name = alaskaCbpl.displayName;
  /** Where the operator saved the file from a browser. */
  const akFile = () => join(data.dir, 'rosters', 'ak_cbpl', 'ProfessionalLicenseDownload.CSV');

  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    expect(await dynamoRosterStore().current(alaskaCbpl.id)).toBeUndefined();
    const body = await verify({ first_name: 'Rosalind', last_name: 'Thorvaldsen', state: 'AK' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once the operator loads it: an active physician with a prefixed number, cached as of the file', async () => {
    expect(await ingestRoster(alaskaCbpl, dynamoRosterStore(), { files: [akFile()] })).toMatchObject({
      outcome: 'ingested',
      files: ['ProfessionalLicenseDownload.CSV'],
      stats: { malformed_rows: 0 },
    });
    const body = await verify({ first_name: 'Rosalind', last_name: 'Thorvaldsen', state: 'AK', profession: 'physician' });
    expect(body).toMatchObject({
      status: 'active',
      verified: true,
      license_number: 'MEDS471',
      profession: 'physician',
      license_type: 'Physician',
      disciplinary_flags: false,
      source_live: false,
      cached: true,
    });
    expect(sourceNamed(body, name)).toMatchObject({ status: 'cached', as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(sourceNamed(body, name)!.evidence[0]).toMatchObject({ kind: 'file', rows: [2] });
  });

  it('reads the two-space name, a two-word surname, a dentist, and a suspension kept past its expiry as suspended and disciplined', async () => {
    expect(await verify({ first_name: 'Ingeborg', last_name: 'Vanderkolk', state: 'AK' })).toMatchObject({
      status: 'active',
      license_number: '204518',
      profession: 'registered_nurse',
    });
    expect(await verify({ first_name: 'Perpetua', last_name: 'Van Heusden', state: 'AK' })).toMatchObject({
      status: 'active',
      license_number: '211347',
      profession: 'pharmacist',
    });
    expect(await verify({ first_name: 'Augustin', last_name: 'Kittlesby', state: 'AK' })).toMatchObject({ status: 'active', profession: 'dentist' });
    expect(await verify({ first_name: 'Lucius', last_name: 'Marrowgate', state: 'AK' })).toMatchObject({
      status: 'suspended',
      verified: false,
      license_number: '161902',
      disciplinary_flags: true,
    });
  });

  it('the absent, a look-alike and a veterinarian (a program not read) are not_found; an uncovered profession is not looked up', async () => {
    const absent = await verify({ first_name: 'Zebulon', last_name: 'Thorvaldsen', state: 'AK' });
    expect(absent).toMatchObject({ status: 'not_found', verified: false, disciplinary_flags: false });
    expect(sourceNamed(absent, name)).toMatchObject({ status: 'cached' });
    expect((await verify({ first_name: 'Rosalyn', last_name: 'Thorvaldsen', state: 'AK' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Cornelius', last_name: 'Ashwinter', state: 'AK', profession: 'physician' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Rosalind', last_name: 'Thorvaldsen', state: 'AK', profession: 'chiropractor' })).status).toBe('profession_not_covered');
  });

  it('a file that is no download (a challenge page saved by mistake) or a changed header is refused, and the loaded roster keeps answering', async () => {
    const store = dynamoRosterStore();
    const before = (await store.current(alaskaCbpl.id))!;
    const challenge = join(data.dir, 'rosters', 'ak_cbpl', 'challenge-ProfessionalLicenseDownload.CSV');
    await writeFile(challenge, '<!DOCTYPE html><html><head><title>Please enable JS and disable any ad blocker</title></head><body></body></html>\n');
    await expect(ingestRoster(alaskaCbpl, store, { files: [challenge], force: true })).rejects.toThrow(/lacks the column\(s\) Program/);
    const renamed = join(data.dir, 'rosters', 'ak_cbpl', 'renamed-ProfessionalLicenseDownload.CSV');
    await writeFile(renamed, (await readFile(akFile(), 'utf8')).replace('Owners', 'Owner'));
    await expect(ingestRoster(alaskaCbpl, store, { files: [renamed], force: true })).rejects.toThrow(/lacks the column/);
    expect((await store.current(alaskaCbpl.id))!.version).toBe(before.version);
    expect((await verify({ first_name: 'Rosalind', last_name: 'Thorvaldsen', state: 'AK' })).status).toBe('active');
  });
});

describe('California: the Board of Behavioral Sciences licensee file, loaded by the operator (revoked and cancelled licenses left out)', () => {
  /** The file's date: the 1st of a month, within the 60 days an operator upload is answered from. */
  const caAsOf = (() => {
    const d = new Date(Date.now() - 20 * 86_400_000);
    return `${d.toISOString().slice(0, 7)}-01`;
  })();
  const caFile = () => join(data.dir, 'rosters', 'ca_bbs', 'BBS_Data1.xls');

  it('before its roster is loaded the state is source_unavailable, never not_found', async () => {
    const body = await verify({ first_name: 'Eleanor', last_name: 'Hollingbrook', state: 'CA' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, californiaBbs.displayName)).toMatchObject({ status: 'unavailable', as_of: null });
  });

  it('once loaded: an active marriage and family therapist, no discipline claimed, cached as of the operator’s date', async () => {
    const outcome = await ingestRoster(californiaBbs, dynamoRosterStore(), { files: [caFile()], asOf: caAsOf });
    expect(outcome).toMatchObject({ outcome: 'ingested', stats: { malformed_rows: 0 } });
    const body = await verify({ first_name: 'Eleanor', last_name: 'Hollingbrook', state: 'CA', profession: 'marriage_family_therapist' });
    expect(body).toMatchObject({
      status: 'active',
      verified: true,
      license_number: '58204',
      profession: 'marriage_family_therapist',
      disciplinary_flags: false,
    });
    expect(body.license_type).toBe('Licensed Marriage and Family Therapist');
    expect(body).toMatchObject({ source_live: false, cached: true });
    expect(sourceNamed(body, californiaBbs.displayName)).toMatchObject({ status: 'cached', as_of: `${caAsOf}T00:00:00.000Z` });
  });

  it('a Delinquent license is expired, a CurrentInactive one inactive, and an associate registration keeps its wording', async () => {
    expect(await verify({ first_name: 'Thaddeus', last_name: 'Dravenport', state: 'CA' })).toMatchObject({
      status: 'expired',
      verified: false,
      license_number: '27615',
      profession: 'social_worker',
    });
    expect(await verify({ first_name: 'Philippa', last_name: 'Fairbrother', state: 'CA' })).toMatchObject({
      status: 'inactive',
      verified: false,
      license_number: '1893',
      profession: 'counselor',
    });
    const associate = await verify({ first_name: 'Ignatius', last_name: 'Sallowmere', state: 'CA' });
    expect(associate).toMatchObject({ status: 'active', verified: true, license_number: '31477', profession: 'marriage_family_therapist' });
    expect(associate.license_type).toBe('Associate Marriage & Family Therapist');
  });

  it('refuses a look-alike; the absent are not_found (no license on the file, not "never licensed"); other professions not covered', async () => {
    expect((await verify({ first_name: 'Eleanora', last_name: 'Hollingbrook', state: 'CA' })).status).toBe('not_found');
    const absent = await verify({ first_name: 'Leopold', last_name: 'Vantongeren', state: 'CA' });
    expect(absent).toMatchObject({ status: 'not_found', verified: false, disciplinary_flags: false });
    expect((await verify({ first_name: 'Eleanor', last_name: 'Hollingbrook', state: 'CA', profession: 'psychologist' })).status).toBe('profession_not_covered');
  });

  it('a file whose header changed is refused at ingest and the loaded roster keeps answering', async () => {
    const store = dynamoRosterStore();
    const before = (await store.current(californiaBbs.id))!;
    const changed = join(data.dir, 'rosters', 'ca_bbs', 'BBS_Data1-changed.xls');
    await writeFile(changed, (await readFile(caFile(), 'utf8')).replace('License Status', 'Status'));
    await expect(ingestRoster(californiaBbs, store, { files: [changed], asOf: caAsOf, force: true })).rejects.toThrow(/License Status/);
    expect((await store.current(californiaBbs.id))!.version).toBe(before.version);
    expect((await verify({ first_name: 'Eleanor', last_name: 'Hollingbrook', state: 'CA' })).status).toBe('active');
  });
});
