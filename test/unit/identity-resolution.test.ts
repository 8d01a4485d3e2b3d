/**
 * People, not names: licenses are one person's only on positive evidence (the same number within its
 * scope, the same birth year, the NPI's registry links, or an identical name on licenses of different
 * types that nothing contradicts). Same-name people are never merged; an NPI pins only its own person.
 */
import { describe, expect, it } from 'vitest';
import { licenseNumberScopeOf } from '#shared/features/sources/boards/board-definition.ts';
import type { BoardLicense } from '#shared/features/sources/license-record.ts';
import { colorado } from '#shared/features/sources/boards/states/colorado.ts';
import { illinois } from '#shared/features/sources/boards/states/illinois.ts';
import { texas } from '#shared/features/sources/boards/states/texas.ts';
import { washington } from '#shared/features/sources/boards/states/washington.ts';
import type { NppesIdentity } from '#shared/features/sources/nppes/parse.ts';
import { people, resolveIdentity, type IdentityQuery, type RegistryEvidence } from '#shared/features/verification/identity-resolution.ts';

function license(overrides: Partial<BoardLicense> & Pick<BoardLicense, 'licenseNumber'>): BoardLicense {
  const first = overrides.firstName ?? 'ROBERT';
  const middle = overrides.middleName ?? 'JAMES';
  const last = overrides.lastName ?? 'MILLER';
  return {
    state: 'IL',
    source: 'test',
    datasetId: 'pzil-zyda',
    suffix: '',
    name: `${first} ${middle} ${last}`,
    licenseType: 'LICENSED PHYSICIAN AND SURGEON',
    classification: { kind: 'profession', profession: 'physician' },
    profession: 'physician',
    status: 'active',
    rawStatus: 'ACTIVE',
    statusRecognised: true,
    expiryDate: '2027-07-31',
    issueDate: '2001-01-01',
    disciplinary: false,
    birthYear: null,
    rowCount: 1,
    firstName: first,
    middleName: middle,
    lastName: last,
    ...overrides,
  };
}

function registry(
  npi: string,
  name: { firstName: string; middleName: string | null; lastName: string },
  state: string,
  licenseNumbers: string[],
): RegistryEvidence {
  const identity: NppesIdentity = {
    npi,
    enumerationType: 'NPI-1',
    name: { ...name, prefix: null, suffix: null, credential: 'MD' },
    organizationName: null,
    sex: 'M',
    status: 'A',
    enumerationDate: '2005-05-23',
    lastUpdated: '2024-01-01',
    createdAt: null,
    taxonomies: licenseNumbers.map((n, i) => ({ code: '207R00000X', description: 'Internal Medicine', primary: i === 0, state, licenseNumber: n })),
    formerNames: [],
    addressStates: [state],
  };
  return { kind: 'record', identity };
}

const ilScope = { numberScope: licenseNumberScopeOf(illinois) };
const query = (q: Partial<IdentityQuery> = {}): IdentityQuery => ({ firstName: 'Robert', lastName: 'Miller', state: 'IL', ...q });

describe('same-name people in a state without birth years (IL)', () => {
  const one = license({ licenseNumber: '036100001' });
  const two = license({ licenseNumber: '036100002' });

  it('two licenses of one type under different numbers are two people: not_found, ambiguous, 2 people', () => {
    expect(resolveIdentity(query(), [one, two], { kind: 'none' }, ilScope)).toEqual({
      kind: 'not_found',
      reason: 'ambiguous',
      candidates: 2,
      dobResolves: false,
    });
  });

  it('a DOB cannot tell them apart where the board has no birth years', () => {
    expect(resolveIdentity(query({ dob: '1970-03-04' }), [one, two], { kind: 'none' }, ilScope)).toMatchObject({ kind: 'not_found', reason: 'ambiguous' });
  });

  it("an NPI resolves them to its own person's license, never the other's", () => {
    const result = resolveIdentity(
      query({ npi: '1234567893' }),
      [one, two],
      registry('1234567893', { firstName: 'ROBERT', middleName: 'J', lastName: 'MILLER' }, 'IL', ['036-100002']),
      ilScope,
    );
    expect(result).toMatchObject({ kind: 'match', confidence: 0.99, npi: '1234567893' });
    expect(result.kind === 'match' && result.licenses.map((l) => l.licenseNumber)).toEqual(['036100002']);
  });

  it('the same license on two rows is one person', () => {
    const again = license({ licenseNumber: '36100001' });
    expect(people([one, again], ilScope.numberScope)).toHaveLength(1);
  });
});

describe('one person, several licenses', () => {
  it('a nurse who is also an APRN under the identical name is one person', () => {
    const rn = license({
      licenseNumber: '041200001',
      licenseType: 'REGISTERED NURSE',
      profession: 'registered_nurse',
      firstName: 'ANGELA',
      middleName: 'MARIE',
      lastName: 'WASHINGTON',
    });
    const np = license({
      licenseNumber: '209200002',
      licenseType: 'ADVANCED PRACTICE REGISTERED NURSE',
      profession: 'nurse_practitioner',
      firstName: 'ANGELA',
      middleName: 'MARIE',
      lastName: 'WASHINGTON',
    });
    const result = resolveIdentity(query({ firstName: 'Angela', lastName: 'Washington' }), [rn, np], { kind: 'none' }, ilScope);
    expect(result.kind === 'match' && result.licenses).toHaveLength(2);
  });

  it('but not when two nurses share the name: whose the APRN license is is unknown, so three people', () => {
    const rn1 = license({ licenseNumber: '041200001', licenseType: 'REGISTERED NURSE' });
    const rn2 = license({ licenseNumber: '041200003', licenseType: 'REGISTERED NURSE' });
    const np = license({ licenseNumber: '209200002', licenseType: 'ADVANCED PRACTICE REGISTERED NURSE' });
    expect(people([rn1, np, rn2], ilScope.numberScope)).toHaveLength(3);
    expect(resolveIdentity(query(), [rn1, np, rn2], { kind: 'none' }, ilScope)).toMatchObject({ kind: 'not_found', reason: 'ambiguous', candidates: 3 });
  });

  it('a different birth year always says two people, whatever the types', () => {
    const a = license({ licenseNumber: 'RN001', licenseType: 'REGISTERED NURSE', birthYear: 1970, state: 'WA' });
    const b = license({ licenseNumber: 'AP002', licenseType: 'ADVANCED REGISTERED NURSE PRACTITIONER', birthYear: 1984, state: 'WA' });
    expect(people([a, b], licenseNumberScopeOf(washington))).toHaveLength(2);
  });
});

describe('where birth years are published (WA)', () => {
  const wa = { numberScope: licenseNumberScopeOf(washington) };
  const older = license({ state: 'WA', licenseNumber: 'MD00012345', licenseType: 'Physician And Surgeon License', birthYear: 1961 });
  const younger = license({ state: 'WA', licenseNumber: 'MD00067890', licenseType: 'Physician And Surgeon License', birthYear: 1988 });

  it('same-name people are ambiguous, and a DOB would resolve them', () => {
    expect(resolveIdentity(query({ state: 'WA' }), [older, younger], { kind: 'none' }, wa)).toEqual({
      kind: 'not_found',
      reason: 'ambiguous',
      candidates: 2,
      dobResolves: true,
    });
  });

  it('the DOB resolves them to the right license', () => {
    const result = resolveIdentity(query({ state: 'WA', dob: '1988-02-11' }), [older, younger], { kind: 'none' }, wa);
    expect(result.kind === 'match' && result.licenses.map((l) => l.licenseNumber)).toEqual(['MD00067890']);
  });

  it('the same birth year and a compatible name join licenses under a nickname', () => {
    const formal = license({ state: 'WA', licenseNumber: 'RN00011111', licenseType: 'Registered Nurse License', birthYear: 1975 });
    const short = license({ state: 'WA', licenseNumber: 'AP00022222', licenseType: 'ARNP License', birthYear: 1975, firstName: 'BOB' });
    expect(people([formal, short], wa.numberScope)).toHaveLength(1);
  });
});

describe('license numbers within their scope', () => {
  it('CO: the same number on two types is two people', () => {
    const rn = license({ state: 'CO', licenseNumber: '0000123456', licenseType: 'RN', firstName: 'ANNA', lastName: 'LEE', middleName: '' });
    const pn = license({ state: 'CO', licenseNumber: '0000123456', licenseType: 'PN', firstName: 'ANNE', lastName: 'LEE', middleName: '' });
    expect(people([rn, pn], licenseNumberScopeOf(colorado))).toHaveLength(2);
  });

  it("TX: an APRN holds its RN license's number (one person, even under a nickname); a VN number is issued apart", () => {
    const scope = licenseNumberScopeOf(texas);
    const rn = license({ state: 'TX', datasetId: 'tgb2-j935', licenseNumber: '712345', licenseType: 'Registered Nurse', firstName: 'ROBERT', middleName: '' });
    const aprn = license({ state: 'TX', datasetId: 'jnzg-cr4w', licenseNumber: '712345', licenseType: 'APRN - NP', firstName: 'BOB', middleName: '' });
    const vn = license({
      state: 'TX',
      datasetId: 'yjie-tuwv',
      licenseNumber: '712345',
      licenseType: 'Licensed Vocational Nurse',
      firstName: 'ROBIN',
      middleName: '',
    });
    expect(people([rn, aprn, vn], scope).map((g) => g.map((l) => l.licenseType).sort())).toEqual([
      ['APRN - NP', 'Registered Nurse'],
      ['Licensed Vocational Nurse'],
    ]);
  });
});
