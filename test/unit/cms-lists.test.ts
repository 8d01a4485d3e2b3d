import { describe, expect, it } from 'vitest';
import { cmsOptOut, cmsOptOutEntry, cmsOptOutFields, dataApiFileDate } from '#shared/features/sources/lists/cms-opt-out.ts';
import { cmsRevokedEntry, cmsRevokedFields } from '#shared/features/sources/lists/cms-revoked.ts';
import { fieldKey, pageSize, rowCells } from '#shared/features/sources/lists/data-api.ts';
import { actionInForce } from '#shared/features/verification/sanctions-match.ts';
import { dataApiPage } from '../../local/simulator/cms-data-api.ts';

const required = new Set(['NPI', 'Last Name'].map(fieldKey));

describe('data API rows', () => {
  it('matches field names whatever their case, spaces or underscores, in header order', () => {
    const row = rowCells(cmsOptOutFields, required, { Optout_Effective_Date: '01/02/2025', 'last name': 'DOE', NPI: 1234567893, 'Optout End Date': null });
    expect(row).toEqual({ cells: ['1234567893', '', 'DOE', '', '01/02/2025', '', '', '', '', '', '', '', ''] });
  });

  it('names the first required field a row lacks', () => {
    expect(rowCells(cmsOptOutFields, required, { NPI: '1234567893', 'First Name': 'JANE' })).toEqual({ missing: 'Last Name' });
  });

  it('asks for at most 5,000 rows a page', () => {
    const saved = process.env.LIST_PAGE_SIZE;
    try {
      process.env.LIST_PAGE_SIZE = '20000';
      expect(pageSize()).toBe(5000);
      process.env.LIST_PAGE_SIZE = '3';
      expect(pageSize()).toBe(3);
      delete process.env.LIST_PAGE_SIZE;
      expect(pageSize()).toBe(5000);
    } finally {
      if (saved === undefined) delete process.env.LIST_PAGE_SIZE;
      else process.env.LIST_PAGE_SIZE = saved;
    }
  });
});

const optOutRow = (values: Record<string, string>) => cmsOptOutFields.map((f) => values[f] ?? '');
const revokedRow = (values: Record<string, string>) => cmsRevokedFields.map((f) => values[f] ?? '');

describe('CMS opt-out affidavits', () => {
  it('is an opt-out in force while its end date is empty or to come, and not after', () => {
    const open = cmsOptOutEntry(optOutRow({ NPI: '1234567893', 'First Name': 'JANE', 'Last Name': 'DOE', 'Optout Effective Date': '01/02/2025' }))!;
    expect(open.action).toMatchObject({ agency: 'CMS', type: 'Medicare opt-out', startDate: '2025-01-02', endDate: null });
    expect(actionInForce(open, '2026-11-01')).toBe(true);
    const ended = cmsOptOutEntry(optOutRow({ NPI: '1234567893', 'Last Name': 'DOE', 'Optout Effective Date': '01/02/2023', 'Optout End Date': '01/01/2025' }))!;
    expect(actionInForce(ended, '2026-11-01')).toBe(false);
    expect(actionInForce(ended, '2024-12-31')).toBe(true);
  });

  it('keeps the last affidavit of an NPI, and reads the as-of date from the saved file name', () => {
    const entry = cmsOptOutEntry(optOutRow({ NPI: '1234567893', 'Last Name': 'DOE' }))!;
    expect(cmsOptOut.latestBy?.(entry)).toBe('1234567893');
    expect(dataApiFileDate('opt-out-affidavits-2026-10-15.jsonl')).toBe('2026-10-15');
    expect(dataApiFileDate('opt-out-affidavits.jsonl')).toBeNull();
  });

  it('reads no row without a surname', () => {
    expect(cmsOptOutEntry(optOutRow({ NPI: '1234567893', 'First Name': 'JANE' }))).toBeNull();
  });
});

describe('CMS revoked providers and suppliers', () => {
  it('is a person with a first and last name, the bar expiry as the end of the action', () => {
    const entry = cmsRevokedEntry(
      revokedRow({
        ENRLMT_ID: 'I20040101000001',
        NPI: '1234567893',
        FIRST_NAME: 'JANE',
        LAST_NAME: 'DOE',
        REVOCATION_RSN: '424.535(a)(3) - Felony Conviction',
        REVOCATION_EFCTV_DT: '06/15/2024',
        REENROLLMENT_BAR_EXPRTN_DT: '06/15/2034',
      }),
    )!;
    expect(entry).toMatchObject({ kind: 'individual', lastName: 'DOE', reference: 'I20040101000001', identifiers: { enrollment_id: 'I20040101000001' } });
    expect(entry.action).toMatchObject({ type: 'Medicare revocation: 424.535(a)(3) - Felony Conviction', startDate: '2024-06-15', endDate: '2034-06-15' });
  });

  it('keeps the middle name (MDL_NAME) of the 12 fields the data API answers, read from a row object', () => {
    expect([...cmsRevokedFields]).toEqual([
      'ENRLMT_ID',
      'NPI',
      'FIRST_NAME',
      'MDL_NAME',
      'LAST_NAME',
      'ORG_NAME',
      'MULTIPLE_NPI_FLAG',
      'STATE_CD',
      'PROVIDER_TYPE_DESC',
      'REVOCATION_RSN',
      'REVOCATION_EFCTV_DT',
      'REENROLLMENT_BAR_EXPRTN_DT',
    ]);
    const object = {
      ENRLMT_ID: 'I20040101000001',
      NPI: '1234567893',
      FIRST_NAME: 'JANE',
      MDL_NAME: 'Q',
      LAST_NAME: 'DOE',
      ORG_NAME: '',
      MULTIPLE_NPI_FLAG: 'N',
      STATE_CD: 'TX',
      PROVIDER_TYPE_DESC: 'PRACTITIONER - FAMILY PRACTICE',
      REVOCATION_RSN: '424.535(a)(1) - Noncompliance',
      REVOCATION_EFCTV_DT: '06/15/2024',
      REENROLLMENT_BAR_EXPRTN_DT: '06/15/2034',
    };
    const read = rowCells(cmsRevokedFields, new Set(['NPI'].map(fieldKey)), object);
    if (!('cells' in read)) throw new Error(`missing ${read.missing}`);
    expect(cmsRevokedEntry(read.cells)).toMatchObject({ firstName: 'JANE', middleName: 'Q', lastName: 'DOE', entityName: 'JANE Q DOE', state: 'TX' });
    // An answer without the field reads the middle name as none.
    const { MDL_NAME: _dropped, ...older } = object;
    const olderRead = rowCells(cmsRevokedFields, new Set(['NPI'].map(fieldKey)), older);
    if (!('cells' in olderRead)) throw new Error(`missing ${olderRead.missing}`);
    expect(cmsRevokedEntry(olderRead.cells)).toMatchObject({ middleName: '', entityName: 'JANE DOE' });
  });

  it('is an entity when only the organisation is named; nobody named is no row', () => {
    expect(cmsRevokedEntry(revokedRow({ NPI: '1234567893', ORG_NAME: 'ACME DME LLC' }))).toMatchObject({
      kind: 'entity',
      entityName: 'ACME DME LLC',
      lastName: '',
    });
    expect(cmsRevokedEntry(revokedRow({ NPI: '1234567893' }))).toBeNull();
  });
});

describe('the simulator’s data API pages', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ NPI: String(i % 3), n: String(i) }));
  const params = (query: string) => new URLSearchParams(query);

  it('pages by size and offset, caps the size at 5,000 and filters by a field', () => {
    expect(dataApiPage(rows, params('size=3&offset=6')).body).toEqual([{ NPI: '0', n: '6' }]);
    const many = Array.from({ length: 5003 }, (_, i) => ({ NPI: String(i) }));
    expect((dataApiPage(many, params('size=99999')).body as unknown[]).length).toBe(5000);
    expect(dataApiPage(rows, params('filter[NPI]=1')).body).toEqual([
      { NPI: '1', n: '1' },
      { NPI: '1', n: '4' },
    ]);
  });

  it('answers $limit with 404 and a size that is no whole number with 400', () => {
    expect(dataApiPage(rows, params('$limit=3')).status).toBe(404);
    expect(dataApiPage(rows, params('size=-1')).status).toBe(400);
  });
});
