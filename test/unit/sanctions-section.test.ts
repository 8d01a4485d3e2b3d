import { describe, expect, it } from 'vitest';
import type { LeieRecord } from '#shared/features/sources/leie/leie-record.ts';
import { sourceNames } from '#shared/features/sources/source-config.ts';
import { sanctionsSection } from '#shared/features/verification/sanctions-section.ts';

const record = (overrides: Partial<LeieRecord> = {}): LeieRecord => ({
  kind: 'individual',
  lastName: 'OAKHURST',
  firstName: 'LINDA',
  middleName: 'M',
  businessName: '',
  general: 'NURSING',
  specialty: '',
  upin: null,
  npi: null,
  dob: '1977-10-10',
  address: '',
  city: '',
  state: 'TX',
  zip: '',
  exclusionType: '1128a1',
  exclusionDate: '2019-05-20',
  reinstatementDate: null,
  waiverDate: null,
  waiverState: null,
  ...overrides,
});

const leie = { name: sourceNames.leie, status: 'cached' as const, as_of: '2026-11-26T06:00:00.000Z' };

describe('the sanctions screen', () => {
  it('lists the OIG list with its freshness and each match with its basis, strongest first', () => {
    const section = sanctionsSection({
      sources: [{ name: 'Texas Medical Board', status: 'live', as_of: '2026-11-26T07:00:00.000Z' }, leie],
      exclusions: [
        { record: record(), basis: 'dob' },
        { record: record({ kind: 'entity', lastName: '', firstName: '', middleName: '', businessName: 'OAKHURST CLINIC LLC' }), basis: 'name_only' },
      ],
      sanctionScreens: [],
    });
    expect(section.sanctioned).toBe(true);
    expect(section.lists).toEqual([{ list: 'oig_leie', name: 'OIG LEIE', scope: 'federal', status: 'cached', as_of: '2026-11-26T06:00:00.000Z' }]);
    expect(section.matches).toEqual([
      { list: 'oig_leie', basis: 'name_dob', name: 'LINDA M OAKHURST', action: 'OIG exclusion 1128a1', start_date: '2019-05-20', end_date: null },
      { list: 'oig_leie', basis: 'name_only', name: 'OAKHURST CLINIC LLC', action: 'OIG exclusion 1128a1', start_date: '2019-05-20', end_date: null },
    ]);
  });

  it('says a list it could not consult is unavailable, and finds nothing sanctioned without a match', () => {
    const section = sanctionsSection({ sources: [{ ...leie, status: 'unavailable', as_of: null }], exclusions: [], sanctionScreens: [] });
    expect(section).toEqual({
      sanctioned: false,
      lists: [{ list: 'oig_leie', name: 'OIG LEIE', scope: 'federal', status: 'unavailable', as_of: null }],
      matches: [],
    });
    expect(sanctionsSection({ sources: [], exclusions: [], sanctionScreens: [] }).lists[0]?.status).toBe('unavailable');
  });

  it('adds every other list with its freshness, and each of its rows as an action of its agency', () => {
    const action = {
      agency: 'HHS',
      type: 'Prohibition/Restriction',
      program: 'Reciprocal',
      code: 'Z1',
      startDate: '2013-11-20',
      endDate: null,
      indefinite: true,
      reinstatedDate: null,
      comments: '',
    };
    const entry = {
      kind: 'individual' as const,
      lastName: 'OAKHURST',
      firstName: 'LINDA',
      middleName: '',
      entityName: '',
      npi: '1234567893',
      dob: null,
      licenses: [],
      reference: 'S4MR5V1PF',
      identifiers: {},
      aliases: [],
      city: '',
      state: 'TX',
      zip: '',
      country: 'USA',
      action,
    };
    const section = sanctionsSection({
      sources: [leie],
      exclusions: [],
      sanctionScreens: [
        {
          list: 'sam',
          name: 'SAM.gov Exclusions',
          scope: 'federal',
          status: 'cached',
          asOf: '2026-11-26T09:00:00.000Z',
          matches: [
            { entry, basis: 'npi' },
            { entry: { ...entry, action: { ...action, agency: 'OPM', indefinite: false, endDate: '2027-01-01' } }, basis: 'npi' },
          ],
        },
        { list: 'state_x', name: 'A state Medicaid list', scope: 'WA', status: 'unavailable', asOf: null, matches: [] },
      ],
    });
    expect(section.sanctioned).toBe(true);
    expect(section.lists.map((l) => [l.list, l.status])).toEqual([
      ['oig_leie', 'cached'],
      ['sam', 'cached'],
      ['state_x', 'unavailable'],
    ]);
    expect(section.matches).toEqual([
      { list: 'sam', basis: 'npi', name: 'LINDA OAKHURST', action: 'Prohibition/Restriction (HHS)', start_date: '2013-11-20', end_date: null },
      { list: 'sam', basis: 'npi', name: 'LINDA OAKHURST', action: 'Prohibition/Restriction (OPM)', start_date: '2013-11-20', end_date: '2027-01-01' },
    ]);
  });

  it('names a row that names nobody (the NPPES deactivation report) by its NPI, and a one-field person by that field', () => {
    const base = {
      lastName: '',
      firstName: '',
      middleName: '',
      entityName: '',
      dob: null,
      licenses: [],
      reference: null,
      identifiers: {},
      aliases: [],
      city: '',
      state: '',
      zip: '',
      country: '',
    };
    const action = {
      agency: 'CMS NPPES',
      type: 'NPI deactivated',
      program: '',
      code: '',
      endDate: null,
      indefinite: false,
      reinstatedDate: null,
      comments: '',
    };
    const section = sanctionsSection({
      sources: [leie],
      exclusions: [],
      sanctionScreens: [
        {
          list: 'nppes_deactivated',
          name: 'NPPES Deactivated NPI Report',
          scope: 'federal',
          status: 'cached',
          asOf: '2026-11-26T10:00:00.000Z',
          matches: [{ entry: { ...base, kind: 'individual', npi: '1234567893', action: { ...action, startDate: '2026-10-06' } }, basis: 'npi' }],
        },
        {
          list: 'state_x',
          name: 'A state Medicaid list',
          scope: 'WA',
          status: 'cached',
          asOf: '2026-11-26T10:00:00.000Z',
          matches: [
            {
              entry: {
                ...base,
                kind: 'individual',
                entityName: 'OAKHURST LINDA',
                npi: '1234567893',
                action: { ...action, agency: 'WA HCA', type: 'Terminated', startDate: null },
              },
              basis: 'npi',
            },
          ],
        },
      ],
    });
    expect(section.sanctioned).toBe(true);
    expect(section.matches).toEqual([
      { list: 'nppes_deactivated', basis: 'npi', name: 'NPI 1234567893', action: 'NPI deactivated (CMS NPPES)', start_date: '2026-10-06', end_date: null },
      { list: 'state_x', basis: 'npi', name: 'OAKHURST LINDA', action: 'Terminated (WA HCA)', start_date: null, end_date: null },
    ]);
  });
});
