import { describe, expect, it } from 'vitest';
import type { ListEntry } from '#shared/features/sources/lists/list-entry.ts';
import { samEntry, samExtractColumns } from '#shared/features/sources/lists/sam-exclusions.ts';
import { actionInForce, matchSanctions, sanctionBasis } from '#shared/features/verification/sanctions-match.ts';
import { matchScreens } from '#shared/features/verification/sanctions-screen.ts';

type Row = Partial<Record<(typeof samExtractColumns)[number], string>>;
const sam = (r: Row): ListEntry =>
  samEntry(samExtractColumns.map((c) => r[c] ?? (c === 'Classification' ? 'Individual' : c === 'Termination Date' ? 'Indefinite' : '')))!;

const today = '2026-11-01';
const chidiHhs = sam({ First: 'CHIDI', Middle: 'N.', Last: 'OKAFOR', 'Excluding Agency': 'HHS', NPI: '1457485542.0', 'SAM Number': 'A1' });
const chidiOpm = sam({ First: 'CHIDI', Middle: 'N.', Last: 'OKAFOR', 'Excluding Agency': 'OPM', NPI: '1457485542.0', 'SAM Number': 'A2' });
const otherMaria = sam({ First: 'MARIA', Last: 'GARCIA-LOPEZ', 'Excluding Agency': 'HHS', NPI: '1306849450' });
const robert = sam({ First: 'ROBERT', Middle: 'B.', Last: 'JONES', 'Excluding Agency': 'HUD', 'Termination Date': '07/30/2029' });
const acme = sam({ Classification: 'Firm', Name: 'JONES HOME HEALTH LLC' });

describe('sanctions matching (SAM rows)', () => {
  it('an NPI on the row that equals the request’s confirms it; a float-formatted NPI was normalised first', () => {
    expect(sanctionBasis({ firstName: 'Chidi', lastName: 'Okafor', npi: '1457485542' }, chidiHhs)).toBe('npi');
  });

  it('an NPI on the row that differs rules a same-name person out: never a name-only match against a contradicting identifier', () => {
    expect(sanctionBasis({ firstName: 'Maria', lastName: 'Garcia-Lopez', npi: '1992999999' }, otherMaria)).toBeNull();
    expect(sanctionBasis({ firstName: 'Maria', lastName: 'Lopez', npi: '1992999999' }, otherMaria)).toBeNull();
  });

  it('a row without identifiers, or a request without any, matches on the name alone and says so', () => {
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', npi: '1457485542' }, robert)).toBe('name_only');
    expect(sanctionBasis({ firstName: 'Maria', lastName: 'Garcia Lopez' }, otherMaria)).toBe('name_only');
    // The OIG name rule: nicknames match, other given names do not.
    expect(sanctionBasis({ firstName: 'Bob', lastName: 'Jones' }, robert)).toBe('name_only');
    expect(sanctionBasis({ firstName: 'Richard', lastName: 'Jones' }, robert)).toBeNull();
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Johnson' }, robert)).toBeNull();
  });

  it('firms, vessels and special entities are never matched to a person', () => {
    expect(sanctionBasis({ firstName: 'Jones', lastName: 'Jones' }, acme)).toBeNull();
  });

  it('a license of the same state that agrees is a license match; one that differs rules the row out; another state’s says nothing', () => {
    const licensed = { ...robert, licenses: [{ state: 'WA', number: 'MD00026765' }] };
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', licenses: [{ state: 'wa', number: 'MD26765' }] }, licensed)).toBe('license');
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', licenses: [{ state: 'WA', number: 'MD00099999' }] }, licensed)).toBeNull();
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', licenses: [{ state: 'CO', number: '26765' }] }, licensed)).toBe('name_only');
    // An agreeing NPI is stronger, but a differing license still rules the row out.
    const both = { ...licensed, npi: '1457485542' };
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', npi: '1457485542', licenses: [{ state: 'WA', number: 'MD26765' }] }, both)).toBe('npi');
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', npi: '1457485542', licenses: [{ state: 'WA', number: 'MD11111' }] }, both)).toBeNull();
  });

  it('a date of birth on the row narrows like any identifier', () => {
    const born = { ...robert, dob: '1970-01-01' };
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', dob: '1970-01-01' }, born)).toBe('name_dob');
    expect(sanctionBasis({ firstName: 'Robert', lastName: 'Jones', dob: '1971-01-01' }, born)).toBeNull();
  });

  it('each excluding agency’s row is its own match, strongest evidence first; ended actions are not matches', () => {
    const ended = sam({ First: 'CHIDI', Last: 'OKAFOR', 'Excluding Agency': 'DLA', 'Termination Date': '01/01/2025' });
    const future = sam({ First: 'CHIDI', Last: 'OKAFOR', 'Excluding Agency': 'ARMY', 'Active Date': '01/01/2027' });
    const nameOnly = sam({ First: 'CHIDI', Last: 'OKAFOR', 'Excluding Agency': 'AF' });
    const matches = matchSanctions(
      { firstName: 'Chidi', lastName: 'Okafor', npi: '1457485542' },
      [nameOnly, chidiHhs, ended, future, chidiOpm, otherMaria],
      today,
    );
    expect(matches.map((m) => [m.entry.action.agency, m.basis])).toEqual([
      ['HHS', 'npi'],
      ['OPM', 'npi'],
      ['AF', 'name_only'],
    ]);
    expect(actionInForce(robert, today)).toBe(true);
    expect(actionInForce(robert, '2029-07-30')).toBe(false);
    expect(actionInForce({ ...robert, action: { ...robert.action, reinstatedDate: '2026-10-01' } }, today)).toBe(false);
  });
});

describe('a list that repeats a row whole', () => {
  it('reports the action once', () => {
    const list = { id: 'sam', name: 'SAM.gov Exclusions', scope: { kind: 'federal' }, searchBy: 'name' } as const;
    const [screen] = matchScreens(
      [{ list, rows: { asOf: '2026-10-31T00:00:00.000Z', entries: [robert, { ...robert }, otherMaria] } }],
      { firstName: 'Robert', lastName: 'Jones' },
      'WA',
      today,
    );
    expect(screen!.matches.map((m) => m.entry)).toEqual([robert]);
  });
});
