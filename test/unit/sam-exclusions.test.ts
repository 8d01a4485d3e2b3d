import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import {
  samAliases,
  samDate,
  samEntry,
  samExclusions,
  samExtractColumns,
  samFileDate,
  samFileName,
  samFileRank,
  samNpi,
} from '#shared/features/sources/lists/sam-exclusions.ts';
import { ZipFormatError, zipCsvText } from '#shared/features/sources/lists/zip-member.ts';
import { zipOfCsv } from '../../local/simulator/sam-extract.ts';

type Row = Partial<Record<(typeof samExtractColumns)[number], string>>;
const row = (r: Row) => samExtractColumns.map((c) => r[c] ?? '');

describe('SAM extract values', () => {
  it('reads the NPI as ten digits, float-formatted or not; anything else is none', () => {
    expect(samNpi('1234567893')).toBe('1234567893');
    expect(samNpi('1234567893.0')).toBe('1234567893');
    expect(samNpi(' 1234567893.00 ')).toBe('1234567893');
    expect(samNpi('')).toBeNull();
    expect(samNpi('0000000000')).toBeNull();
    expect(samNpi('123456789')).toBeNull();
    expect(samNpi('1234567893.5')).toBeNull();
    expect(samNpi('1.234567893E9')).toBeNull();
  });

  it('reads MM/DD/YYYY and ISO dates, and nothing impossible', () => {
    expect(samDate('05/20/2003')).toBe('2003-05-20');
    expect(samDate('5/2/2003')).toBe('2003-05-02');
    expect(samDate('2020-05-01')).toBe('2020-05-01');
    expect(samDate('02/30/2024')).toBeNull();
    expect(samDate('Indefinite')).toBeNull();
    expect(samDate('')).toBeNull();
  });

  it('reads aliases from the cross-reference, sorted (the published order is not stable)', () => {
    expect(samAliases('(also  ZED SMITH ,  ANN  SMITH )')).toEqual(['ANN SMITH', 'ZED SMITH']);
    expect(samAliases('')).toEqual([]);
  });

  it('keeps a name with a comma before its legal form or suffix whole, and gives each alias once', () => {
    expect(samAliases('(also PEANUT BUTTER, LLC)')).toEqual(['PEANUT BUTTER, LLC']);
    expect(samAliases('(also TERRA KLEAN SOLUTIONS INC., ANTONIO FLORES)')).toEqual(['ANTONIO FLORES', 'TERRA KLEAN SOLUTIONS INC.']);
    expect(samAliases('(also VMC CONSTRUCTION, LLC, VMC CONSTRUCTION, LLC  DBA VICTOR TORRES CONSTRUCTION)')).toEqual([
      'VMC CONSTRUCTION, LLC',
      'VMC CONSTRUCTION, LLC DBA VICTOR TORRES CONSTRUCTION',
    ]);
    expect(samAliases('(also ACME HOLDINGS, INC., JOHN DOE, JR., ACME HOLDINGS, INC.)')).toEqual(['ACME HOLDINGS, INC.', 'JOHN DOE, JR.']);
  });

  it('names the file of a day and reads the day back: yyddd', () => {
    expect(samFileName(new Date('2026-10-06T02:00:00Z'))).toBe('SAM_Exclusions_Public_Extract_V2_26279.ZIP');
    expect(samFileRank('SAM_Exclusions_Public_Extract_V2_26279.ZIP')).toBe(26279);
    expect(samFileRank('SAM_Exclusions_Public_Extract_V2_26279.zip')).toBe(26279);
    expect(samFileRank('SAM_Exclusions_Public_Extract_26279.ZIP')).toBeNull();
    expect(samFileDate('SAM_Exclusions_Public_Extract_V2_26279.ZIP')).toBe('2026-10-06');
    expect(samFileDate('SAM_Exclusions_Public_Extract_V2_25366.ZIP')).toBeNull();
  });

  it('picks the highest V2 name from the listing', () => {
    const locate = samExclusions.locate;
    if (locate.kind !== 'listing') throw new Error('SAM is found through its listing');
    const names = locate.fileNames({
      _embedded: {
        customS3ObjectSummaryList: [
          { key: 'Exclusions/Public V2/SAM_Exclusions_Public_Extract_V2_26278.ZIP', displayKey: 'SAM_Exclusions_Public_Extract_V2_26278.ZIP' },
          { key: 'Exclusions/Public V2/SAM_Exclusions_Public_Extract_V2_26279.ZIP' },
          { displayKey: 'README.txt' },
        ],
      },
    });
    expect(names).toEqual(['SAM_Exclusions_Public_Extract_V2_26278.ZIP', 'SAM_Exclusions_Public_Extract_V2_26279.ZIP', 'README.txt']);
    expect(names.map(locate.pick)).toEqual([26278, 26279, null]);
    expect(() => locate.fileNames({ error: 'x' })).toThrow(/customS3ObjectSummaryList/);
  });
});

describe('SAM extract rows', () => {
  it('an individual: split name, float NPI, Indefinite termination, placeholders dropped; keys by surname and NPI', () => {
    const entry = samEntry(
      row({
        Classification: 'Individual',
        First: 'MARY',
        Middle: 'B.',
        Last: 'SMITH-JONES',
        City: '-',
        'State / Province': 'XX',
        'Excluding Agency': 'HHS',
        'CT Code': 'Z1',
        'Active Date': '05/20/2003',
        'Termination Date': 'Indefinite',
        'SAM Number': 'S4MR3MT0K',
        NPI: '1234567893.0',
      }),
    )!;
    expect(entry).toMatchObject({
      kind: 'individual',
      firstName: 'MARY',
      middleName: 'B.',
      lastName: 'SMITH-JONES',
      entityName: 'MARY B. SMITH-JONES',
      npi: '1234567893',
      reference: 'S4MR3MT0K',
      city: '',
      state: '',
      action: { agency: 'HHS', code: 'Z1', startDate: '2003-05-20', endDate: null, indefinite: true },
    });
    expect(entryKeys(entry)).toEqual(expect.arrayContaining(['I#SMITH', 'I#JONES', 'N#1234567893']));
  });

  it('a firm, a vessel and a blank classification are entities keyed by name; identifiers kept', () => {
    const firm = samEntry(
      row({ Classification: 'Firm', Name: 'ACME HOME HEALTH, LLC', 'Unique Entity ID': 'ZQGGHJH74DW7', CAGE: '7ABC1', 'Termination Date': '12/31/2030' }),
    )!;
    expect(firm).toMatchObject({ kind: 'entity', entityName: 'ACME HOME HEALTH, LLC', lastName: '', identifiers: { uei: 'ZQGGHJH74DW7', cage: '7ABC1' } });
    expect(firm.action).toMatchObject({ endDate: '2030-12-31', indefinite: false });
    expect(entryKeys(firm)).toHaveLength(1);
    expect(entryKeys(firm)[0]).toMatch(/^E#ACMEHOMEHEALTH/);
    expect(samEntry(row({ Classification: 'Vessel', Name: 'SEA STAR' }))!.kind).toBe('entity');
    expect(samEntry(row({ Classification: '', Name: 'UNKNOWN PARTY' }))!.kind).toBe('entity');
  });

  it('a row without the 31 columns is not read', () => {
    expect(samEntry(row({ Classification: 'Individual' }).slice(0, 30))).toBeNull();
    expect(samEntry([...row({}), 'extra'])).toBeNull();
  });
});

describe('the CSV member of a ZIP', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'zip-member-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const text = async (file: string) => {
    let out = '';
    for await (const chunk of zipCsvText(file)) out += chunk;
    return out;
  };
  const zipOf = (members: Record<string, string>) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(members)) zip.addBuffer(Buffer.from(content), name);
    zip.end();
    return new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
      zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  };

  it('reads the one CSV member, multi-byte characters across chunks intact', async () => {
    const csv = `"a","b"\r\n${'"José Peña","x"\r\n'.repeat(20_000)}`;
    const file = join(dir, 'one.zip');
    await writeFile(file, await zipOfCsv(Buffer.from(csv), 'X.CSV', new Date('2026-01-01T00:00:00Z')));
    expect(await text(file)).toBe(csv);
  });

  it('refuses an archive with no CSV member or several, and a file that is not an archive', async () => {
    await writeFile(join(dir, 'two.zip'), await zipOf({ 'a.csv': 'x', 'b.CSV': 'y' }));
    await expect(text(join(dir, 'two.zip'))).rejects.toThrow(/2 CSV members \("a\.csv", "b\.CSV"\), not one/);
    await writeFile(join(dir, 'none.zip'), await zipOf({ 'readme.txt': 'x' }));
    await expect(text(join(dir, 'none.zip'))).rejects.toBeInstanceOf(ZipFormatError);
    await writeFile(join(dir, 'plain.csv'), '"a","b"\r\n');
    await expect(text(join(dir, 'plain.csv'))).rejects.toThrow(/not a readable ZIP archive/);
  });

  it('refuses a member whose content fails its CRC-32 as a damaged archive', async () => {
    const zip = await zipOf({ 'a.csv': 'hello' });
    // One byte of the member's data flipped (its local header is 30 bytes and the name).
    const dataStart = 30 + 'a.csv'.length;
    zip[dataStart] = zip[dataStart]! ^ 0xff;
    await writeFile(join(dir, 'crc.zip'), zip);
    await expect(text(join(dir, 'crc.zip'))).rejects.toMatchObject({ name: 'UnsafeFileError', kind: 'malformed_archive' });
  });
});
