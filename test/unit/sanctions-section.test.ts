import { describe, expect, it } from 'vitest';
import type { LeieRecord } from '#shared/sources/leie/leie-record.ts';
import { sourceNames } from '#shared/sources/source-config.ts';
import { sanctionsSection } from '#shared/verification/sanctions-section.ts';

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
    });
    expect(section.sanctioned).toBe(true);
    expect(section.lists).toEqual([{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-11-26T06:00:00.000Z' }]);
    expect(section.matches).toEqual([
      { list: 'oig_leie', basis: 'name_dob', name: 'LINDA M OAKHURST', action: 'OIG exclusion 1128a1', start_date: '2019-05-20', end_date: null },
      { list: 'oig_leie', basis: 'name_only', name: 'OAKHURST CLINIC LLC', action: 'OIG exclusion 1128a1', start_date: '2019-05-20', end_date: null },
    ]);
  });

  it('says a list it could not consult is unavailable, and finds nothing sanctioned without a match', () => {
    const section = sanctionsSection({ sources: [{ ...leie, status: 'unavailable', as_of: null }], exclusions: [] });
    expect(section).toEqual({ sanctioned: false, lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'unavailable', as_of: null }], matches: [] });
    expect(sanctionsSection({ sources: [], exclusions: [] }).lists[0]?.status).toBe('unavailable');
  });
});
