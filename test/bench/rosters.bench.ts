/**
 * Board rosters: parse rate of Florida's pipe-delimited latin-1 licensure file at a fifth of its real
 * size (300,000 of ~1.5M rows; stream, split, row mapping), ingest rate of that file into the local
 * DynamoDB emulator (hash, parse, batched writes, archive, switch), Texas BHEC's four CSVs downloaded
 * from the simulator and loaded, and the latency of a roster lookup by surname and given name; then the
 * largest roster added with the second ten states, Missouri's four MOPRO files at their real size (24,990
 * rows), loaded whole and looked up; and Alaska's Professional License Download at its real size (about
 * 100,900 rows of every program, the health programs' stored), the largest roster file downloaded on a
 * schedule, loaded whole and looked up; and California's Board of Behavioral Sciences file at its real size
 * (165,235 rows, about 35 MB of tab-delimited text), the largest roster loaded whole, parsed, loaded and
 * looked up. The worker's 15-minute limit is judged from these rates.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { givenNameForms } from '#shared/domain/names/given-name-forms.ts';
import { surnameQueryTerms } from '#shared/domain/names/normalize.ts';
import { columnsOf, rowReader } from '#shared/features/sources/rosters/roster-definition.ts';
import { eachRosterRow, rosterText } from '#shared/features/sources/rosters/roster-file.ts';
import { ingestRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { RosterSearch } from '#shared/features/sources/rosters/roster-search.ts';
import { floridaMqa } from '#shared/features/sources/rosters/states/florida.ts';
import { missouriMopro } from '#shared/features/sources/rosters/states/missouri.ts';
import { alaskaCbpl } from '#shared/features/sources/rosters/states/alaska.ts';
import { californiaBbs } from '#shared/features/sources/rosters/states/california.ts';
import { txBhec } from '#shared/features/sources/rosters/states/tx-bhec.ts';
import { NameTables } from '../../local/sample-data/name-tables.ts';
import { Rng } from '../../local/sample-data/prng.ts';
import { rosterFiles, writeRostersScaled } from '../../local/sample-data/roster-rows.ts';
import { startLocalStack } from '../../local/runtime/stack.ts';
import { summarise, type Benchmark } from './harness.ts';
import { dynamoRosterStore } from '#shared/features/sources/source-store-services.ts';

const scale = 0.2;

async function parseOnce(file: string): Promise<{ rate: number; names: { first: string; last: string }[] }> {
  const started = performance.now();
  let rows = 0;
  const names: { first: string; last: string }[] = [];
  await eachRosterRow(floridaMqa, columnsOf(floridaMqa, 'LIC_ALL.txt'), rosterText(floridaMqa, file), async (cells, _line, header) => {
    if (!cells) return;
    const record = floridaMqa.record(rowReader(header)(cells), 'LIC_ALL.txt');
    if (!record || record === 'skip') return;
    rows++;
    if (rows % 2000 === 0) names.push({ first: record.firstName, last: record.lastName });
  });
  return { rate: rows / ((performance.now() - started) / 1000), names };
}

export const rostersBenchmark: Benchmark = {
  id: 'rosters',
  title: `Board rosters: Florida MQA at ${scale} of its real size, Texas BHEC, Missouri MOPRO, Alaska CBPL and California BBS at their real size`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'rosters-bench-'));
    const moDir = await mkdtemp(join(tmpdir(), 'rosters-bench-mo-'));
    const akDir = await mkdtemp(join(tmpdir(), 'rosters-bench-ak-'));
    const caDir = await mkdtemp(join(tmpdir(), 'rosters-bench-ca-'));
    try {
      await writeRostersScaled(dir, new Rng('rosters-bench'), NameTables.load(), scale);
      const moPaths = [rosterFiles.moChiro, rosterFiles.moDental, rosterFiles.moOptometry, rosterFiles.moPsych];
      // Missouri alone at its real size: every other roster file holds its header and scenario rows only.
      await writeRostersScaled(moDir, new Rng('rosters-bench-mo'), NameTables.load(), (file) => ((moPaths as readonly string[]).includes(file) ? 1 : 0));
      // Alaska alone at its real size, likewise.
      await writeRostersScaled(akDir, new Rng('rosters-bench-ak'), NameTables.load(), (file) => (file === rosterFiles.ak ? 1 : 0));
      // And California, likewise.
      await writeRostersScaled(caDir, new Rng('rosters-bench-ca'), NameTables.load(), (file) => (file === rosterFiles.ca ? 1 : 0));
      const fl = join(dir, rosterFiles.fl);
      const { names } = await parseOnce(fl); // warm-up, and the names to look up
      const parse: number[] = [];
      for (let i = 0; i < 3; i++) parse.push((await parseOnce(fl)).rate);

      const stack = await startLocalStack({ sourceDataDir: dir, schedules: false, ingestOnStart: false, loadRosters: false, workers: [] });
      const flIngest: number[] = [];
      const bhecIngest: number[] = [];
      const lookups: number[] = [];
      const moLoad: number[] = [];
      const moRows: number[] = [];
      const moLookups: number[] = [];
      const akLoad: number[] = [];
      const akRows: number[] = [];
      const akLookups: number[] = [];
      const caParse: number[] = [];
      const caLoad: number[] = [];
      const caRows: number[] = [];
      const caLookups: number[] = [];
      try {
        const store = dynamoRosterStore();
        const outcome = await ingestRoster(floridaMqa, store, { files: [fl], force: true });
        if (outcome.outcome !== 'ingested') throw new Error(`ingest ${outcome.outcome}`);
        flIngest.push(outcome.stats.rows / (outcome.duration_ms / 1000));
        const bhec = await ingestRoster(txBhec, store, { force: true });
        if (bhec.outcome !== 'ingested') throw new Error(`BHEC ingest ${bhec.outcome}`);
        bhecIngest.push(bhec.stats.rows / (bhec.duration_ms / 1000));
        const search = new RosterSearch(dynamoRosterStore());
        for (const { first, last } of names.slice(0, 150)) {
          const started = performance.now();
          const found = await search.search(floridaMqa, { surnames: surnameQueryTerms(last), givenNames: givenNameForms(first) });
          lookups.push(performance.now() - started);
          if (found.licenses.length === 0) throw new Error(`nothing found for ${first} ${last}`);
        }
        const mo = await ingestRoster(missouriMopro, store, { files: moPaths.map((p) => join(moDir, p)), force: true });
        if (mo.outcome !== 'ingested') throw new Error(`Missouri ingest ${mo.outcome}`);
        moLoad.push(mo.duration_ms / 1000);
        moRows.push(mo.stats.rows);
        const moNames: { first: string; last: string }[] = [];
        await eachRosterRow(
          missouriMopro,
          columnsOf(missouriMopro, 'dental.txt'),
          rosterText(missouriMopro, join(moDir, rosterFiles.moDental)),
          async (cells, _line, header) => {
            if (!cells || moNames.length >= 150) return;
            const record = missouriMopro.record(rowReader(header)(cells), 'dental.txt');
            if (record && record !== 'skip' && moNames.length < 150) moNames.push({ first: record.firstName, last: record.lastName });
          },
        );
        for (const { first, last } of moNames) {
          const started = performance.now();
          const found = await search.search(missouriMopro, { surnames: surnameQueryTerms(last), givenNames: givenNameForms(first) });
          moLookups.push(performance.now() - started);
          if (found.licenses.length === 0) throw new Error(`nothing found for ${first} ${last} in Missouri`);
        }
        const akPath = join(akDir, rosterFiles.ak);
        const ak = await ingestRoster(alaskaCbpl, store, { files: [akPath], force: true });
        if (ak.outcome !== 'ingested') throw new Error(`Alaska ingest ${ak.outcome}`);
        akLoad.push(ak.duration_ms / 1000);
        akRows.push(ak.stats.rows);
        const akNames: { first: string; last: string }[] = [];
        await eachRosterRow(
          alaskaCbpl,
          columnsOf(alaskaCbpl, 'ProfessionalLicenseDownload.CSV'),
          rosterText(alaskaCbpl, akPath),
          async (cells, line, header) => {
            if (!cells || akNames.length >= 150 || line % 500 !== 0) return;
            const record = alaskaCbpl.record(rowReader(header)(cells), 'ProfessionalLicenseDownload.CSV');
            if (record && record !== 'skip') akNames.push({ first: record.firstName, last: record.lastName });
          },
        );
        for (const { first, last } of akNames) {
          const started = performance.now();
          const found = await search.search(alaskaCbpl, { surnames: surnameQueryTerms(last), givenNames: givenNameForms(first) });
          akLookups.push(performance.now() - started);
          if (found.licenses.length === 0) throw new Error(`nothing found for ${first} ${last} in Alaska`);
        }
        const caPath = join(caDir, rosterFiles.ca);
        const caNames: { first: string; last: string }[] = [];
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          let rows = 0;
          await eachRosterRow(californiaBbs, columnsOf(californiaBbs, 'BBS_Data1.xls'), rosterText(californiaBbs, caPath), async (cells, line, header) => {
            if (!cells) return;
            const record = californiaBbs.record(rowReader(header)(cells), 'BBS_Data1.xls');
            if (!record || record === 'skip') return;
            rows++;
            if (i === 0 && caNames.length < 150 && line % 1000 === 0) caNames.push({ first: record.firstName, last: record.lastName });
          });
          caParse.push(rows / ((performance.now() - started) / 1000));
        }
        const ca = await ingestRoster(californiaBbs, store, { files: [caPath], force: true });
        if (ca.outcome !== 'ingested') throw new Error(`California ingest ${ca.outcome}`);
        caLoad.push(ca.duration_ms / 1000);
        caRows.push(ca.stats.rows);
        for (const { first, last } of caNames) {
          const started = performance.now();
          const found = await search.search(californiaBbs, { surnames: surnameQueryTerms(last), givenNames: givenNameForms(first) });
          caLookups.push(performance.now() - started);
          if (found.licenses.length === 0) throw new Error(`nothing found for ${first} ${last} in California`);
        }
      } finally {
        await stack.stop();
      }
      return [
        summarise('Parse Florida MQA (latin-1 stream, pipe split, row mapping)', 'rows/s', parse, {
          note: 'the full file (~1.5M rows) parses in the time this rate gives; writes, not parsing, bound the load',
        }),
        summarise('Ingest Florida MQA into the local DynamoDB emulator', 'rows/s', flIngest, {
          note: 'one run of 300,000 rows; one item per surname key of a row; bounded by the in-process DynamoDB emulator (dynalite)',
        }),
        summarise('Download and ingest Texas BHEC (four CSVs) from the simulator', 'rows/s', bhecIngest, { note: 'one run' }),
        summarise('Roster lookup by surname and given name (pointer remembered)', 'ms', lookups),
        summarise('Load Missouri MOPRO whole (four TXT files, real size) into the local DynamoDB emulator', 's', moLoad, {
          note: `one run of ${moRows[0]?.toLocaleString('en-US') ?? '?'} licenses (permits not stored); the worker has 900 s`,
        }),
        summarise('Missouri roster lookup by surname and given name, at real size', 'ms', moLookups),
        summarise('Load Alaska CBPL whole (one CSV of every program, real size) into the local DynamoDB emulator', 's', akLoad, {
          note: `one run of ${akRows[0]?.toLocaleString('en-US') ?? '?'} health licenses stored of about 100,900 rows; the worker has 900 s`,
        }),
        summarise('Alaska roster lookup by surname and given name, at real size', 'ms', akLookups),
        summarise('Parse California BBS (UTF-8 stream, tab split, row mapping), real size', 'rows/s', caParse, {
          note: 'the whole file of 165,235 rows, about 35 MB',
        }),
        summarise('Load California BBS whole (one tab-delimited file, real size) into the local DynamoDB emulator', 's', caLoad, {
          note: `one run of ${caRows[0]?.toLocaleString('en-US') ?? '?'} licenses and registrations; the worker has 900 s`,
        }),
        summarise('California roster lookup by surname and given name, at real size', 'ms', caLookups),
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(moDir, { recursive: true, force: true });
      await rm(akDir, { recursive: true, force: true });
      await rm(caDir, { recursive: true, force: true });
    }
  },
};
