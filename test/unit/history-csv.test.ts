import { describe, expect, it } from 'vitest';
import { csvCell, csvColumns, csvHeader, csvLine, csvRow } from '#shared/features/history/csv.ts';
import type { HistorySummary } from '#shared/features/verification/history-attributes.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['Zoë Ñúñez', 'Zoë Ñúñez'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["O'Brien", "O'Brien"],
    ['a-b', 'a-b'],
  ])('%j → %j', (value, cell) => expect(csvCell(value)).toBe(cell));

  it('writes null as empty and booleans as words', () => {
    expect(csvLine([null, undefined, true, false, 3])).toBe(',,true,false,3\r\n');
  });
});

describe('csvRow', () => {
  it('writes one line per verification in the header’s column order, with a byte-order mark before the header only', () => {
    expect(csvHeader.startsWith('\uFEFFverification_id,created_at,')).toBe(true);
    const summary: HistorySummary = {
      created_at: '2026-10-02T10:00:00.000Z',
      mode: 'live',
      first_name: 'Helen',
      last_name: 'Thomas',
      name_key: 'THOMAS',
      state: 'WA',
      npi: '1662571706',
      license_name: 'Helen Jane Thomas',
      license_number: 'RN00973025',
      status: 'active',
      verified: true,
      expiry_date: '2027-06-03',
      disciplined: false,
      oig_excluded: false,
      sanctioned: false,
    };
    const line = csvRow('vrf_1', summary, 'https://api.example/records/vrf_1');
    expect(line.endsWith('\r\n')).toBe(true);
    const cells = line.trimEnd().split(',');
    expect(cells).toHaveLength(csvColumns.length);
    expect(cells).toEqual([
      'vrf_1',
      '2026-10-02T10:00:00.000Z',
      'live',
      'Helen',
      'Thomas',
      'WA',
      '1662571706',
      'Helen Jane Thomas',
      'RN00973025',
      'active',
      'true',
      '2027-06-03',
      'false',
      'false',
      'false',
      'https://api.example/records/vrf_1',
    ]);
    expect(line).not.toMatch(/dob|birth/i);
  });
});
