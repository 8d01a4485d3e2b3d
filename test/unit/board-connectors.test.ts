import { describe, expect, it } from 'vitest';
import { professions } from '#shared/domain/professions.ts';
import { licensesFromRows } from '#shared/features/sources/boards/board-search.ts';
import { parseBoardDate } from '#shared/features/sources/boards/dates.ts';
import { licenseNumbersAgree } from '#shared/domain/license-numbers.ts';
import { coverageMatrix, professionsCovered, stateBoards } from '#shared/features/sources/boards/registry.ts';
import { colorado } from '#shared/features/sources/boards/states/colorado.ts';
import { delaware } from '#shared/features/sources/boards/states/delaware.ts';
import { illinois } from '#shared/features/sources/boards/states/illinois.ts';
import { texas } from '#shared/features/sources/boards/states/texas.ts';
import { washington } from '#shared/features/sources/boards/states/washington.ts';
import type { StateBoardDefinition } from '#shared/features/sources/boards/board-definition.ts';
import { documentedStatuses } from '../fixtures/documented-statuses.ts';

const datasets = Object.values(stateBoards).flatMap((b) => b!.datasets.map((d) => ({ board: b!, dataset: d })));

describe('status vocabularies', () => {
  it.each(Object.entries(documentedStatuses))('%s maps every documented raw status explicitly', (id, raw) => {
    const dataset = datasets.find((d) => d.dataset.id === id)!.dataset;
    for (const status of raw) expect(dataset.statuses[status.toUpperCase()], status).toBeDefined();
  });

  it('clearly active wordings map to active; lapsed, ended and disciplinary ones never do', () => {
    const active = (id: string, raw: string) => datasets.find((d) => d.dataset.id === id)!.dataset.statuses[raw.toUpperCase()];
    expect(active('qxh8-f4bd', 'ACTIVE')).toBe('active');
    expect(active('qxh8-f4bd', 'Summary Suspension')).toBe('suspended');
    expect(active('7s5z-vewr', 'Beyond 6 years expired')).toBe('expired');
    expect(active('pzzh-kp68', 'REVOKED CHAPERONE REQUIRED')).toBe('revoked');
    expect(active('tgb2-j935', 'NOT CURRENT - SEE ENF (X)')).toBe('suspended');
    expect(active('pjnv-eaih', 'Annulled')).toBe('revoked');
    for (const { dataset } of datasets) {
      for (const [raw, mapped] of Object.entries(dataset.statuses)) {
        if (
          /EXPIRED|REVOKED|SUSPEN|SURRENDER|DECEASED|INACTIVE|DENIED|CANCEL|RETIRED(?! ACTIVE)|DELINQUENT|TERMINATED/.test(raw) &&
          !/^ACTIVE|^CURRENT/.test(raw)
        ) {
          expect(mapped, `${dataset.id} ${raw}`).not.toBe('active');
        }
      }
    }
  });

  it('an unmapped raw status is reported inactive, never active', () => {
    const [license] = licensesFromRows(washington, washington.datasets[0]!, [
      { credentialnumber: 'RN1', lastname: 'DOE', firstname: 'JANE', credentialtype: 'Registered Nurse License', status: 'Active Pending Audit' },
    ]);
    expect(license).toMatchObject({ status: 'inactive', rawStatus: 'Active Pending Audit', statusRecognised: false });
  });
});

describe('row mapping', () => {
  it('Washington: YYYYMMDD dates, birth year, actiontaken as discipline, raw wording kept', () => {
    const [license] = licensesFromRows(washington, washington.datasets[0]!, [
      {
        credentialnumber: 'AP60958305',
        lastname: 'DOE',
        firstname: 'JANE',
        middlename: 'Q',
        credentialtype: 'Advanced Registered Nurse Practitioner License',
        status: 'ACTIVE',
        birthyear: '1968',
        firstissuedate: '20190617',
        expirationdate: '20260617',
        actiontaken: 'Pending',
      },
    ]);
    expect(license).toMatchObject({
      state: 'WA',
      licenseNumber: 'AP60958305',
      name: 'Jane Q Doe',
      profession: 'nurse_practitioner',
      status: 'active',
      expiryDate: '2026-06-17',
      issueDate: '2019-06-17',
      birthYear: 1968,
      disciplinary: true,
      licenseType: 'Advanced Registered Nurse Practitioner License',
      source: 'Washington State Department of Health',
    });
  });

  it('Colorado: rows of one license (one per discipline case) merge; same number under another type stays apart', () => {
    const rows = [
      {
        lastname: 'ROE',
        firstname: 'ANN',
        licensetype: 'RN',
        licensenumber: '123456',
        licensestatusdescription: 'Active',
        licenseexpirationdate: '2028-04-30T00:00:00.000',
        casenumber: '2019-1',
        programaction: 'Probation',
      },
      {
        lastname: 'ROE',
        firstname: 'ANN',
        licensetype: 'RN',
        licensenumber: '123456',
        licensestatusdescription: 'Active',
        licenseexpirationdate: '2028-04-30T00:00:00.000',
        casenumber: '2021-7',
        programaction: 'Fine',
      },
      { lastname: 'ROE', firstname: 'ANN', licensetype: 'APN', subcategory: 'CNM', licensenumber: '123456', licensestatusdescription: 'Active' },
      { lastname: 'ROE', firstname: 'ANN', licensetype: 'ZZQ', licensenumber: '42', licensestatusdescription: 'Active' },
      { lastname: 'ROE', firstname: 'ANN', licensetype: 'COS', licensenumber: '43', licensestatusdescription: 'Active' },
    ];
    const licenses = licensesFromRows(colorado, colorado.datasets[0]!, rows);
    expect(licenses.map((l) => [l.licenseType, l.profession, l.rowCount, l.disciplinary])).toEqual([
      ['RN', 'registered_nurse', 2, true],
      ['APN-CNM', 'nurse_midwife', 1, false],
      ['ZZQ', null, 1, false],
    ]);
    expect(licenses[0]!.expiryDate).toBe('2028-04-30');
  });

  it('Illinois: non-healthcare licenses are left out; "None" is empty; ever_disciplined flags', () => {
    const rows = [
      {
        license_type: 'MEDICAL BOARD',
        description: 'LICENSED PHYSICIAN AND SURGEON',
        license_number: '036123456',
        license_status: 'ACTIVE',
        first_name: 'SAM',
        last_name: 'LEE',
        expiration_date: '07/31/2027',
        ever_disciplined: 'N',
        case_number: 'None',
        action: 'None',
      },
      {
        license_type: 'DETECTIVE BOARD',
        description: 'PERMANENT EMPLOYEE REGISTRATION',
        license_number: '129161139',
        license_status: 'ACTIVE',
        first_name: 'SAM',
        last_name: 'LEE',
      },
      {
        license_type: 'PUBLIC ACCOUNTANCY',
        description: 'LICENSED CERTIFIED PUBLIC ACCOUNTANT',
        license_number: '065012345',
        license_status: 'ACTIVE',
        first_name: 'SAM',
        last_name: 'LEE',
      },
      {
        license_type: 'NURSING BOARD',
        description: 'ADVANCED PRACTICE REGISTERED NURSE',
        license_number: '209000111',
        license_status: 'ACTIVE',
        first_name: 'SAM',
        last_name: 'LEE',
        ever_disciplined: 'Y',
        expiration_date: 'None',
      },
    ];
    const licenses = licensesFromRows(illinois, illinois.datasets[0]!, rows);
    expect(licenses.map((l) => [l.licenseNumber, l.profession, l.disciplinary, l.expiryDate])).toEqual([
      ['036123456', 'physician', false, '2027-07-31'],
      ['209000111', null, true, null],
    ]);
  });

  it('Texas: RN and VN numberings collide without merging; medical board orders override the status', () => {
    const [rn] = licensesFromRows(texas, texas.datasets[1]!, [
      {
        license_number: '800001',
        last_name: 'KIM',
        first_name: 'JO',
        license_status: 'CURRENT (C)',
        lincense_expiration_date: '20270131',
        current_board_action: 'true',
      },
    ]);
    const [vn] = licensesFromRows(texas, texas.datasets[2]!, [
      { license_number: '800001', last_name: 'KIM', first_name: 'JO', license_status: 'Current RENEWAL DENIED (K)', lincense_expiration_date: '20261231' },
    ]);
    expect([rn!.profession, rn!.disciplinary, rn!.expiryDate]).toEqual(['registered_nurse', true, '2027-01-31']);
    expect([vn!.profession, vn!.status, vn!.datasetId]).toEqual(['practical_nurse', 'active', 'yjie-tuwv']);
    const [md] = licensesFromRows(texas, texas.datasets[0]!, [
      {
        license_type: 'Physician License',
        license_number: 'Q1234',
        last_name: 'KIM',
        first_name: 'JO',
        license_status: 'Active',
        disciplinary_status: 'SUSPENDED BY BOARD',
        license_expiration_date: '2027-08-31T00:00:00.000',
      },
    ]);
    expect([md!.profession, md!.status, md!.disciplinary]).toEqual(['physician', 'suspended', true]);
    const [aprn] = licensesFromRows(texas, texas.datasets[3]!, [
      { license_number: '800001', last_name: 'KIM', first_name: 'JO', license_status: 'ACTIVE', apn_category: 'NURSE ANESTHETIST' },
    ]);
    expect(aprn!.profession).toBe('nurse_anesthetist');
  });

  it('Texas Medical Board: active only when license_status and registration_status both say the licence is in force', () => {
    const md = (over: Record<string, string>) =>
      licensesFromRows(texas, texas.datasets[0]!, [
        { license_type: 'Physician License', license_number: 'Q1234', last_name: 'KIM', first_name: 'JO', disciplinary_status: 'NONE', ...over },
      ])[0]!;
    expect(md({ license_status: 'ACTIVE', registration_status: 'ACTIVE' }).status).toBe('active');
    expect(md({ license_status: 'ACTIVE - PROBATION', registration_status: 'Active' }).status).toBe('active');
    // Either column saying the licence is not in force is enough; the more severe reading wins.
    expect(md({ license_status: 'ACTIVE', registration_status: 'DELINQUENT' }).status).toBe('expired');
    expect(md({ license_status: 'ACTIVE', registration_status: 'CANCELLED' }).status).toBe('inactive');
    expect(md({ license_status: 'REVOKED', registration_status: 'ACTIVE' }).status).toBe('revoked');
    expect(md({ license_status: 'AUTOMATIC LIC (CANC) PENDING', registration_status: 'ACTIVE' }).status).toBe('expired');
    expect(md({ license_status: 'PERM. LICENSE RESTRICTED', registration_status: 'ACTIVE' }).status).toBe('active');
    // One column alone never makes a licence active: empty or unknown reads as not in force.
    expect(md({ license_status: 'ACTIVE' }).status).toBe('inactive');
    expect(md({ license_status: 'ACTIVE' })).toMatchObject({ statusRecognised: true });
    // A word outside the vocabulary in either column makes the status unreadable, naming the word.
    expect(md({ license_status: 'ACTIVE', registration_status: 'ACTIVE PENDING REVIEW' })).toMatchObject({
      status: 'inactive',
      statusRecognised: false,
      unrecognisedStatus: 'ACTIVE PENDING REVIEW',
    });
    expect(md({ registration_status: 'ACTIVE' })).toMatchObject({ status: 'inactive', statusRecognised: false });
    // A board order outranks both columns.
    expect(md({ license_status: 'ACTIVE', registration_status: 'ACTIVE', disciplinary_status: 'SUSPENDED BY BOARD' }).status).toBe('suspended');
    // license_status is the raw status shown and the one whose wording is checked.
    expect(md({ license_status: 'Active', registration_status: 'ACTIVE' })).toMatchObject({ rawStatus: 'Active', statusRecognised: true });
  });

  it('names written in Mixed Case keep their capitals; names in one case are title-cased', () => {
    const wa = washington.datasets[0]!;
    const named = (first: string, last: string) =>
      licensesFromRows(washington, wa, [
        { credentialnumber: 'RN1', firstname: first, lastname: last, status: 'ACTIVE', credentialtype: 'Registered Nurse License' },
      ])[0]!.name;
    expect(named('Ann', 'McClain')).toBe('Ann McClain');
    expect(named('ANN', "O'NEIL-LAPOINTE")).toBe("Ann O'Neil-Lapointe");
  });

  it('Illinois: a middle initial inside first_name and the "/ /" placeholder read as the board writes them', () => {
    const [license] = licensesFromRows(illinois, illinois.datasets[0]!, [
      {
        license_type: 'NURSING BOARD',
        description: 'REGISTERED NURSE',
        license_number: '041123456',
        license_status: 'NOT RENEWED',
        first_name: 'CHARLES S',
        middle: 'None',
        last_name: 'HAY',
        original_issue_date: '/ /',
        expiration_date: '05/31/1997',
        ever_disciplined: 'N',
      },
    ]);
    expect(license).toMatchObject({
      firstName: 'CHARLES S',
      middleName: '',
      name: 'Charles S Hay',
      issueDate: null,
      expiryDate: '1997-05-31',
      status: 'expired',
      statusRecognised: true,
    });
  });

  it('Colorado: unpadded license numbers are read as written and agree with a zero-padded writing', () => {
    const [license] = licensesFromRows(colorado, colorado.datasets[0]!, [
      { lastname: 'Roe', firstname: 'Ann', licensetype: 'APN', subcategory: 'CNM', licensenumber: '991717', licensestatusdescription: 'Active' },
    ]);
    expect(license).toMatchObject({ licenseNumber: '991717', profession: 'nurse_midwife', status: 'active', lastName: 'Roe' });
    expect(licenseNumbersAgree('000991717', license!.licenseNumber)).toBe(true);
  });

  it('Delaware: discipline comes from the discipline dataset, not the always-N column', () => {
    const rows = [
      {
        license_no: 'L1-0012482',
        last_name: 'POE',
        first_name: 'AL',
        profession_id: 'Nursing',
        license_type: 'Registered Nurse',
        license_status: 'Active',
        disciplinary_action: 'N',
      },
      {
        license_no: 'L1-0099999',
        last_name: 'POE',
        first_name: 'BO',
        profession_id: 'Nursing',
        license_type: 'Registered Nurse',
        license_status: 'Active',
        disciplinary_action: 'N',
      },
      {
        license_no: 'V1-0000001',
        last_name: 'POE',
        first_name: 'AL',
        profession_id: 'Veterinary Medicine',
        license_type: 'Veterinarian',
        license_status: 'Active',
      },
    ];
    const licenses = licensesFromRows(delaware, delaware.datasets[0]!, rows, new Set(['L1-0012482']));
    expect(licenses.map((l) => [l.licenseNumber, l.disciplinary])).toEqual([
      ['L1-0012482', true],
      ['L1-0099999', false],
    ]);
  });
});

describe('dates', () => {
  it('parse each board format and refuse impossible dates', () => {
    expect(parseBoardDate('20240513', 'yyyymmdd')).toBe('2024-05-13');
    expect(parseBoardDate('7/4/2027', 'mm/dd/yyyy')).toBe('2027-07-04');
    expect(parseBoardDate('2028-04-30T00:00:00.000', 'floating_timestamp')).toBe('2028-04-30');
    for (const [value, format] of [
      ['20240231', 'yyyymmdd'],
      ['None', 'mm/dd/yyyy'],
      ['', 'floating_timestamp'],
      ['13/01/2020', 'mm/dd/yyyy'],
    ] as const) {
      expect(parseBoardDate(value, format)).toBeNull();
    }
  });
});

describe('coverage', () => {
  it('lists every state with derived professions and the three look-up states', () => {
    const matrix = coverageMatrix();
    expect(matrix.map((e) => e.state)).toEqual([
      'AK',
      'AL',
      'AR',
      'CA',
      'CO',
      'CT',
      'DE',
      'FL',
      'IL',
      'KS',
      'LA',
      'MA',
      'MD',
      'MO',
      'NV',
      'SD',
      'TX',
      'VT',
      'WA',
      'WV',
      'WY',
    ]);
    // Louisiana: the massage therapy board's PDF of active licensees, through its search page's link, confirmed on real pages.
    expect(matrix.find((e) => e.state === 'LA')).toMatchObject({
      format_confidence: 'confirmed',
      refresh: 'monthly',
      professions_covered: ['massage_therapist'],
      sources: [{ kind: 'roster_file', datasets: ['Active-LMT.pdf'], updated: 'scheduled', current_only: true }],
    });
    // Alaska: the CBPL download of every program, its health programs read; current and suspended licenses.
    expect(matrix.find((e) => e.state === 'AK')).toMatchObject({
      format_confidence: 'observed',
      refresh: 'weekly',
      professions_covered: [
        'physician',
        'physician_assistant',
        'podiatrist',
        'registered_nurse',
        'practical_nurse',
        'dentist',
        'dental_hygienist',
        'pharmacist',
        'pharmacy_technician',
      ],
      sources: [{ kind: 'roster_file', datasets: ['ak_cbpl'], updated: 'operator_upload', current_only: true }],
    });
    // California: the Board of Behavioral Sciences' monthly licensee file, loaded by the operator; observed
    // (a value profile of the real file, no rows); revoked and cancelled licenses left out of it.
    expect(matrix.find((e) => e.state === 'CA')).toMatchObject({
      format_confidence: 'observed',
      refresh: 'monthly',
      professions_covered: ['social_worker', 'counselor', 'marriage_family_therapist'],
      sources: [
        {
          name: 'California Board of Behavioral Sciences',
          kind: 'roster_file',
          datasets: ['ca_bbs'],
          updated: 'operator_upload',
          current_only: false,
          absent_means: expect.stringContaining('leaves out revoked, cancelled and surrendered ones'),
        },
      ],
    });
    // Kansas: the Board of Healing Arts' web search, looked up live, its pages observed on real captures.
    expect(matrix.find((e) => e.state === 'KS')).toMatchObject({
      format_confidence: 'observed',
      refresh: 'daily',
      uncovered_profession: 'rejected_before_lookup',
      professions_covered: [
        'physician',
        'physician_assistant',
        'chiropractor',
        'physical_therapist',
        'physical_therapist_assistant',
        'occupational_therapist',
        'occupational_therapy_assistant',
        'respiratory_therapist',
        'athletic_trainer',
        'radiographer',
      ],
      sources: [{ name: 'Kansas State Board of Healing Arts', kind: 'board_lookup', datasets: ['ks_bha'], updated: 'live', current_only: false }],
    });
    // Massachusetts: the BHPL's JSON search API, looked up live; the request second-hand, so inferred.
    expect(matrix.find((e) => e.state === 'MA')).toMatchObject({
      format_confidence: 'inferred',
      refresh: 'unknown',
      uncovered_profession: 'rejected_before_lookup',
      professions_covered: ['counselor', 'marriage_family_therapist'],
      sources: [
        { name: 'Massachusetts Bureau of Health Professions Licensure', kind: 'board_lookup', datasets: ['ma_bhpl'], updated: 'live', current_only: false },
      ],
    });
    // Arkansas: the podiatry board's PDF downloaded through its page's link, confirmed on the real file.
    expect(matrix.find((e) => e.state === 'AR')).toMatchObject({
      format_confidence: 'confirmed',
      refresh: 'unknown',
      professions_covered: ['podiatrist'],
      sources: [{ kind: 'roster_file', datasets: ['LicenseVerification.pdf'], updated: 'scheduled', current_only: false }],
    });
    // South Dakota: two boards' lists downloaded on a schedule, active licensees only, confirmed on real rows.
    expect(matrix.find((e) => e.state === 'SD')).toMatchObject({
      format_confidence: 'confirmed',
      refresh: 'daily',
      professions_covered: ['chiropractor', 'optometrist'],
      sources: [{ kind: 'roster_file', datasets: ['chiropractic.csv', 'optometry.csv'], updated: 'scheduled', current_only: true }],
    });
    // Missouri: one operator-loaded roster of four boards' files, current licenses only.
    expect(matrix.find((e) => e.state === 'MO')).toMatchObject({
      format_confidence: 'observed',
      refresh: 'unknown',
      professions_covered: ['chiropractor', 'psychologist', 'dentist', 'dental_hygienist', 'dental_assistant', 'optometrist'],
      sources: [
        {
          kind: 'roster_file',
          datasets: ['chiropractic.txt', 'dental.txt', 'optometry.txt', 'psychologists.txt'],
          updated: 'operator_upload',
          current_only: true,
        },
      ],
    });
    expect(matrix.find((e) => e.state === 'WV')).toMatchObject({
      format_confidence: 'observed',
      refresh: 'unknown',
      professions_covered: ['physician', 'physician_assistant', 'podiatrist'],
      sources: [{ kind: 'roster_file', updated: 'scheduled', current_only: true }],
    });
    expect(matrix.find((e) => e.state === 'NV')).toMatchObject({
      format_confidence: 'observed',
      refresh: 'daily',
      professions_covered: ['pharmacist'],
      sources: [{ kind: 'roster_file', datasets: ['nv_bop'], updated: 'operator_upload', current_only: false }],
    });
    expect(matrix.find((e) => e.state === 'VT')).toMatchObject({
      format_confidence: 'inferred',
      refresh: 'daily',
      professions_covered: ['physician', 'physician_assistant', 'podiatrist'],
    });
    expect(matrix.find((e) => e.state === 'CT')).toMatchObject({ format_confidence: 'observed', refresh: 'daily' });
    expect(matrix.filter((e) => e.uncovered_profession === 'looked_up').map((e) => e.state)).toEqual(['CO', 'FL', 'IL']);
    for (const entry of matrix) {
      expect(entry.professions_covered.length).toBeGreaterThan(0);
      for (const p of entry.professions_covered) expect(professions).toContain(p);
    }
    expect(matrix.find((e) => e.state === 'TX')!.professions_covered).toEqual(
      expect.arrayContaining(['physician', 'registered_nurse', 'practical_nurse', 'nurse_practitioner', 'nurse_anesthetist', 'counselor', 'social_worker']),
    );
    expect(matrix.find((e) => e.state === 'TX')!.professions_covered).not.toContain('dentist');
    // Wyoming: two operator-loaded rosters, each naming the board sheets a load must give.
    expect(matrix.find((e) => e.state === 'WY')).toMatchObject({
      format_confidence: 'confirmed',
      sources: [
        {
          datasets: [
            'chiropractic.csv',
            'dietetics.csv',
            'optometry.csv',
            'occupational_therapy.csv',
            'podiatry.csv',
            'psychology.csv',
            'physical_therapy.csv',
            'respiratory_care.csv',
            'speech_audiology.csv',
          ],
          updated: 'operator_upload',
          current_only: false,
        },
        { datasets: ['dental.csv', 'mental_health.csv'], updated: 'operator_upload', current_only: true },
      ],
    });
  });

  it('professions_covered is exactly what the rules can yield', () => {
    for (const board of Object.values(stateBoards) as StateBoardDefinition[]) {
      const yielded = new Set([...board.datasets.flatMap((d) => d.professions), ...(board.rosters ?? []).flatMap((r) => r.professions)]);
      expect(new Set(professionsCovered(board))).toEqual(yielded);
    }
  });
});
