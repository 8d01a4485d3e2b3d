/** Registry license numbers, as providers type them into NPPES, link to the board's license in every connector's format. */
import { describe, expect, it } from 'vitest';
import { letterPrefix, licenseNumbersAgree } from '#shared/domain/license-numbers.ts';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';

const prefixOf = (state: keyof typeof stateBoards) => stateBoards[state]!.licenseNumberPrefix ?? letterPrefix;

describe('a registry number links to the board license however it is typed', () => {
  const cases: { state: keyof typeof stateBoards; board: string; typed: string[]; others: string[] }[] = [
    // IL: 3-digit profession code + 6 digits.
    {
      state: 'IL',
      board: '036130980',
      typed: ['036130980', '036-130980', '36130980', '36-130980', '130980', '036 130980', '0036130980'],
      others: ['041130980', '036130981', '13098'],
    },
    // DE: board letter and digit, dash, 7 digits.
    {
      state: 'DE',
      board: 'L1-0036439',
      typed: ['L1-0036439', 'L10036439', 'L1 0036439', '36439', '0036439', 'l1-36439'],
      others: ['L4-0036439', 'C1-0036439', '3643'],
    },
    // WA: two letters + 8 digits.
    {
      state: 'WA',
      board: 'RN00354170',
      typed: ['RN00354170', 'RN 00354170', 'rn354170', '354170', '00354170', 'RN-354170'],
      others: ['MD00354170', 'RN00354171'],
    },
    // TX: Medical Board letter + digits; Board of Nursing digits.
    { state: 'TX', board: 'S8310', typed: ['S8310', 'S-8310', 's 8310', '8310'], others: ['M8310', 'S8311'] },
    { state: 'TX', board: '712345', typed: ['712345', '0712345', '712-345', 'RN712345', 'RN 712345'], others: ['712346'] },
    // CO: zero-padded digits (the type is a separate field); FL-style letter prefixes come and go.
    // CT: the DPH credential code, a dot, six digits; DCP's letter codes.
    { state: 'CT', board: '10.100432', typed: ['10.100432', '10100432', '100432', '10-100432'], others: ['14.100432', '100433', 'PEN.0100433'] },
    { state: 'CT', board: 'PCT.0012706', typed: ['PCT.0012706', 'PCT12706', '12706'], others: ['PEN.0012706', '12707'] },
    // VT: a three-digit profession code, a dot, seven digits.
    { state: 'VT', board: '042.0041877', typed: ['042.0041877', '0420041877', '42.0041877', '0041877', '41877'], others: ['055.0041877', '41878'] },
    // KS: a two-digit profession code, a dash, five digits; temporary permits a letter and a dash.
    { state: 'KS', board: '15-03128', typed: ['15-03128', '1503128', '15 03128', '03128', '3128'], others: ['14-03128', '15-03129'] },
    { state: 'KS', board: 'T-00625', typed: ['T-00625', 'T00625', 't 625'], others: ['T-00626', 'S-00625'] },
    // MA: the type's letters before the digits (LMHC10203, LMHC5000034).
    { state: 'MA', board: 'LMHC10203', typed: ['LMHC10203', 'lmhc 10203', '10203'], others: ['LMHC10204', 'LMFT10203'] },
    { state: 'CO', board: '000124393', typed: ['000124393', '124393', 'RN.0124393', 'RN124393', 'DR-124393'], others: ['124394', '00012439'] },
  ];
  for (const { state, board, typed, others } of cases) {
    it(`${state} ${board}: ${typed.join(', ')}`, () => {
      for (const number of typed) expect(licenseNumbersAgree(number, board, prefixOf(state)), number).toBe(true);
      for (const number of others) expect(licenseNumbersAgree(number, board, prefixOf(state)), number).toBe(false);
    });
  }

  it('a board number with its prefix and a registry number without one link, as in `ME12345` against `12345`', () => {
    expect(licenseNumbersAgree('ME12345', '12345')).toBe(true);
    expect(licenseNumbersAgree('ME12345', 'OS12345')).toBe(false);
  });

  it('serials under four digits never link without the same prefix', () => {
    expect(licenseNumbersAgree('RN123', '123')).toBe(false);
    expect(licenseNumbersAgree('RN0123', 'RN123')).toBe(true);
  });
});
