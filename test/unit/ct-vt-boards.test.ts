/** Connecticut and Vermont connectors on rows in each source's format: statuses (traps first), professions, names, and a changed format. */
import { describe, expect, it } from 'vitest';
import { splitFullName } from '#shared/domain/names/normalize.ts';
import { licensesFromRows, readableRows } from '#shared/features/sources/boards/board-search.ts';
import { classifyCredential, connecticut, connecticutDisciplined, connecticutStatus } from '#shared/features/sources/boards/states/connecticut.ts';
import { vermont } from '#shared/features/sources/boards/states/vermont.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { fullNameSurnameCondition } from '#shared/features/sources/soda/soql.ts';

const ctDataset = connecticut.datasets[0]!;
const vtDataset = vermont.datasets[0]!;

const ctRow = (over: Record<string, string> = {}) => ({
  credentialid: '999018',
  name: 'JACQUELINE M ROURKE',
  type: 'INDIVIDUAL',
  fullcredentialcode: '10.100923',
  credentialtype: '10',
  credentialnumber: '100923',
  credential: 'Registered Nurse',
  status: 'ACTIVE',
  statusreason: 'CURRENT',
  active: '1',
  issuedate: '2011-05-31T00:00:00.000',
  expirationdate: '2027-04-30T00:00:00.000',
  ...over,
});

describe('Connecticut status: the status read with its reason and the active column', () => {
  // Negative terms first: traps never read as active. Lapses are expired; a revoked status is not
  // softened by its reason; plain active stays active.
  it.each([
    ['Active - In Late Renewal', '', '1', 'inactive'],
    ['ACTIVE', 'NON-DISCIPLINARY SUSPENSION', '1', 'suspended'],
    ['ACTIVE', 'PROBATION, EXPIRED', '1', 'expired'],
    ['ACTIVE', 'SUSPENDED', '1', 'suspended'],
    ['ACTIVE', 'REVOKED', '1', 'revoked'],
    ['INACTIVE', 'REVOKED', '0', 'revoked'],
    ['ACTIVE', 'VOLUNTARY SURRENDER', '1', 'revoked'],
    ['ACTIVE', 'CURRENT', '0', 'inactive'],
    ['ACTIVE', 'CURRENT', 'false', 'inactive'],
    ['SOMETHING NEW', 'CURRENT', '1', 'inactive'],
    ['INACTIVE', 'LAPSED DUE TO NON-RENEWAL', '0', 'expired'],
    ['INACTIVE', 'EXPIRED MORE THAN 3 YEARS - MUST REAPPLY', '0', 'expired'],
    ['INACTIVE', 'FAILED TO RENEW', '0', 'expired'],
    ['REVOKED', 'VOLUNTARY NON-RENEWAL', '0', 'revoked'],
    ['INACTIVE', '', '0', 'inactive'],
    ['ACTIVE', 'CURRENT', '1', 'active'],
    ['ACTIVE IN RENEWAL', 'CURRENT', '1', 'active'],
    ['ACTIVE', 'PROBATION', '1', 'active'],
  ] as const)('status %s, reason %s, active flag %s: %s', (status, reason, active, expected) => {
    expect(connecticutStatus(status, reason, active)).toBe(expected);
  });

  it('an expired probation is never active', () => {
    expect(connecticutStatus('Probation, Expired', '', '0')).not.toBe('active');
  });

  it('discipline comes from the status and its reason; a non-disciplinary suspension is none', () => {
    expect(connecticutDisciplined('ACTIVE', 'PROBATION')).toBe(true);
    expect(connecticutDisciplined('ACTIVE', 'SUSPENDED')).toBe(true);
    expect(connecticutDisciplined('ACTIVE', 'NON-DISCIPLINARY SUSPENSION')).toBe(false);
    expect(connecticutDisciplined('INACTIVE', 'LAPSED DUE TO NON-RENEWAL')).toBe(false);
  });
});

describe('Connecticut credentials: read by their name, never by the numeric code', () => {
  it('DPH Title Case credentials map to professions; DPH trades and DCP upper-case credentials are not healthcare', () => {
    expect(classifyCredential('Registered Nurse', '10')).toEqual({ kind: 'profession', profession: 'registered_nurse' });
    expect(classifyCredential('Licensed Practical Nurse', '14')).toEqual({ kind: 'profession', profession: 'practical_nurse' });
    expect(classifyCredential('Emergency Medical Technician', '90')).toEqual({ kind: 'profession', profession: 'emergency_medical' });
    expect(classifyCredential('Speech and Language Pathologist Temporary Permit', '65')).toEqual({
      kind: 'profession',
      profession: 'speech_language_pathologist',
    });
    expect(classifyCredential('Medication Administration Certification', '91')).toEqual({ kind: 'profession', profession: 'medication_aide' });
    expect(classifyCredential('Physician/Surgeon', '1')).toEqual({ kind: 'profession', profession: 'physician' });
    expect(classifyCredential('Physician Assistant', '27')).toEqual({ kind: 'profession', profession: 'physician_assistant' });
    expect(classifyCredential('Advanced Practice Registered Nurse', '20')).toEqual({ kind: 'unclassified' });
    expect(classifyCredential('Hairdresser/Cosmetician', '8')).toEqual({ kind: 'non_healthcare' });
    expect(classifyCredential('PROFESSIONAL ENGINEER', 'PEN')).toEqual({ kind: 'non_healthcare' });
    expect(classifyCredential('HOME IMPROVEMENT CONTRACTOR', 'HIC')).toEqual({ kind: 'non_healthcare' });
    expect(classifyCredential('CONTROLLED SUBSTANCE REGISTRATION FOR PRACTITIONER', 'CSP')).toEqual({ kind: 'non_healthcare' });
    expect(classifyCredential('PHARMACIST', 'PCT')).toEqual({ kind: 'profession', profession: 'pharmacist' });
    // A code whose meaning is unknown decides nothing: an unknown DPH credential name stays unclassified.
    expect(classifyCredential('Some Future Health Permit', '10')).toEqual({ kind: 'unclassified', unknown: true });
  });

  it('maps a row: the whole name split, the full credential code as number, businesses left out, a suspension read from the reason', () => {
    const rows = [
      ctRow(),
      ctRow({
        name: 'DANIEL R FITZGERALD JR',
        fullcredentialcode: '1.048213',
        credentialtype: '1',
        credentialnumber: '48213',
        credential: 'Physician/Surgeon',
        statusreason: 'SUSPENDED',
      }),
      ctRow({
        name: 'ROURKE CARE LLC',
        type: 'LIMITED LIABILITY COMPANY',
        fullcredentialcode: 'HIC.0641207',
        credentialtype: 'HIC',
        credential: 'HOME IMPROVEMENT CONTRACTOR',
      }),
      // The same credential twice (the dataset holds exact duplicates): one license.
      ctRow(),
    ];
    const licenses = licensesFromRows(connecticut, ctDataset, rows);
    expect(licenses).toHaveLength(2);
    expect(licenses[0]).toMatchObject({
      firstName: 'JACQUELINE',
      middleName: 'M',
      lastName: 'ROURKE',
      licenseNumber: '10.100923',
      licenseType: 'Registered Nurse',
      profession: 'registered_nurse',
      status: 'active',
      expiryDate: '2027-04-30',
      disciplinary: false,
      rowCount: 2,
    });
    expect(licenses[1]).toMatchObject({
      firstName: 'DANIEL',
      lastName: 'FITZGERALD',
      suffix: 'JR',
      status: 'suspended',
      disciplinary: true,
      profession: 'physician',
    });
  });

  it('a row without fullcredentialcode (about one in 2.1 million) still reads, keyed by its type and number', () => {
    const lacking = ctRow({ name: 'MARIA T OKAFOR', credentialnumber: '100924' }) as Record<string, string>;
    delete lacking.fullcredentialcode;
    expect(readableRows(connecticut, ctDataset, [ctRow(), lacking])).toEqual({ rows: [ctRow(), lacking], skipped: null });
    const licenses = licensesFromRows(connecticut, ctDataset, [ctRow(), lacking]);
    expect(licenses).toHaveLength(2);
    expect(licenses[1]).toMatchObject({
      lastName: 'OKAFOR',
      licenseNumber: '10.100924',
      licenseType: 'Registered Nurse',
      profession: 'registered_nurse',
      status: 'active',
    });
    // Without the credential text either, the type code is the license type; without type and number, the row id keys it.
    const bare = { ...lacking } as Record<string, string>;
    delete bare.credential;
    delete bare.credentialnumber;
    expect(ctDataset.licenseType(bare)).toBe('10');
    expect(ctDataset.licenseKey(lacking)).toBe('10.100924');
    expect(ctDataset.licenseKey(bare)).toBe('ID#999018');
    expect(ctDataset.requiredFields).not.toContain('fullcredentialcode');
  });

  it('searches the whole-name column by its last word', () => {
    const where = fullNameSurnameCondition('name', "O'Neil");
    expect(where).toContain("upper(name) like '% O''NEIL'");
    expect(where).toContain("upper(name) like '% O''NEIL %'");
    expect(where).toContain("upper(name) like '%-O''NEIL'");
  });
});

describe('whole names', () => {
  it('split into first, middle, last and suffix; particles stay with the surname, initials do not', () => {
    expect(splitFullName('ROBERT MCMAHON JR')).toEqual({ first: 'ROBERT', middle: '', last: 'MCMAHON', suffix: 'JR' });
    expect(splitFullName('MARIA DE LA CRUZ')).toEqual({ first: 'MARIA', middle: '', last: 'DE LA CRUZ', suffix: '' });
    expect(splitFullName('JOHN E SMITH')).toEqual({ first: 'JOHN', middle: 'E', last: 'SMITH', suffix: '' });
    expect(splitFullName('Theresa M Lindqvist')).toEqual({ first: 'Theresa', middle: 'M', last: 'Lindqvist', suffix: '' });
    expect(splitFullName('CHER')).toEqual({ first: '', middle: '', last: 'CHER', suffix: '' });
  });
});

describe('Vermont', () => {
  it('maps physicians, PAs and podiatrists; statuses with the negative terms first; actions "Comments" is discipline', () => {
    const row = (over: Record<string, string>) => ({
      license_number: '042.0041877',
      first_name: 'ELEANOR',
      last_name: 'MARSH',
      license_type: 'Medical Doctor',
      license_status: 'Active',
      actions: 'None',
      ...over,
    });
    const [md, pa, pod, aa, sus, late] = licensesFromRows(vermont, vtDataset, [
      row({}),
      row({ license_number: '055.0031204', license_type: 'Physician Assistant - Certified', license_status: 'Non-Disciplinary Suspension' }),
      row({ license_number: '043.0001187', license_type: 'Podiatrist', license_status: 'Revoked', actions: 'Comments' }),
      row({ license_number: '058.0000012', license_type: 'Anesthesiologist Assistant' }),
      row({ license_number: '042.0000001', license_status: 'Suspended', actions: 'Comments' }),
      row({ license_number: '042.0000002', license_status: 'Active - In Late Renewal' }),
    ]);
    expect(md).toMatchObject({ profession: 'physician', status: 'active', disciplinary: false });
    expect(pa).toMatchObject({ profession: 'physician_assistant', status: 'suspended', disciplinary: false });
    expect(pod).toMatchObject({ profession: 'podiatrist', status: 'revoked', disciplinary: true });
    expect(aa).toMatchObject({ profession: null, classification: { kind: 'unclassified' } });
    expect(sus).toMatchObject({ status: 'suspended', disciplinary: true });
    expect(late).toMatchObject({ status: 'inactive', statusRecognised: false });
  });
});

describe('a changed format fails loudly, for every state', () => {
  const failure = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      return e;
    }
    return undefined;
  };

  it('a column every row lacks makes the board unavailable, naming the column', () => {
    const renamed = () => {
      const row = { ...ctRow(), credential_name: 'Registered Nurse' } as Record<string, string>;
      delete row.credential;
      return row;
    };
    const error = failure(() => readableRows(connecticut, ctDataset, [renamed(), renamed()]));
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ failure: 'malformed', unavailable: true, reason: { code: 'format_changed', field: 'column', raw_value: 'credential' } });
    expect(String((error as Error).message)).toContain('credential');
    expect(readableRows(connecticut, ctDataset, [ctRow()])).toEqual({ rows: [ctRow()], skipped: null });
    expect(
      failure(() => readableRows(vermont, vtDataset, [{ license_number: '042.0041877', last_name: 'MARSH', license_type: 'Medical Doctor', actions: 'None' }])),
    ).toMatchObject({ reason: { raw_value: 'license_status' } });
  });

  it('a row without a column the others carry is left out and the answer marked partial, not failed', () => {
    const odd = { ...ctRow(), license_no: '999999' } as Record<string, string>;
    delete odd.credential;
    const { rows, skipped } = readableRows(connecticut, ctDataset, [ctRow(), odd, ctRow()]);
    expect(rows).toEqual([ctRow(), ctRow()]);
    expect(skipped).toEqual({ dataset: ctDataset.id, columns: ['credential'], rows: 1 });
  });

  it('a state without declared columns is checked on its status column', async () => {
    const { washington } = await import('#shared/features/sources/boards/states/washington.ts');
    const wa = washington.datasets[0]!;
    expect(failure(() => readableRows(washington, wa, [{ credentialnumber: 'RN00354170', lastname: 'SMITH', credential_status: 'ACTIVE' }]))).toBeInstanceOf(
      SourceError,
    );
    expect(readableRows(washington, wa, [{ credentialnumber: 'RN00354170', lastname: 'SMITH', status: 'ACTIVE' }]).skipped).toBeNull();
    // No rows: nothing to check (a name nobody holds).
    expect(readableRows(washington, wa, [])).toEqual({ rows: [], skipped: null });
  });
});
