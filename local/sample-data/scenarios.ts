/**
 * Hand-placed providers that the sample must contain for manual and automated testing: same-name
 * people, name variants across sources, discipline shapes, expiry edges, LEIE matches of every kind.
 * They are made before the random population (which avoids their names in their state) and their
 * statuses are pinned. The manifest (sample-data/README.md) lists them with their final numbers.
 */
import { kindsFor } from './license-catalog.ts';
import type { Organization, Person } from './model.ts';
import type { PopulationBuilder } from './population.ts';

export interface Notable {
  readonly title: string;
  readonly note: string;
  readonly people: readonly Person[];
  readonly organizations?: readonly Organization[];
}

export function addScenarios(b: PopulationBuilder): Notable[] {
  const notables: Notable[] = [];
  const add = (title: string, note: string, people: Person[], extra: Partial<Notable> = {}): void => {
    notables.push({ title, note, people, ...extra });
  };

  // --- plain good cases ---------------------------------------------------------------------------
  {
    const p = b.person({ state: 'WA', profession: 'registered_nurse', sex: 'F', tag: 'wa-active-rn-npi' });
    b.practice(p, 'WA', { status: 'ACTIVE', expiresInDays: 214 });
    b.nppesWishes.set(p, { has: true, form: 'newer' });
    add('WA active RN with NPI', 'Active, no discipline; NPPES (newer response form) lists the WA license.', [p]);
  }
  {
    const p = b.person({ state: 'TX', profession: 'nurse_practitioner', sex: 'F', tag: 'tx-aprn' });
    b.practice(p, 'TX', { status: 'CURRENT (C)' });
    b.nppesWishes.set(p, { has: true });
    add('TX nurse practitioner', 'RN row in tgb2-j935 and APRN row in jnzg-cr4w under the same RN license number.', [p]);
  }

  // --- Illinois: healthcare and non-healthcare licenses ------------------------------------------
  {
    const p = b.person({ state: 'IL', profession: 'physician', sex: 'M', tag: 'il-physician-cpa' });
    b.practice(p, 'IL', { status: 'ACTIVE' });
    b.licenseFor(p, 'IL', 'cpa', { status: 'ACTIVE' });
    b.nppesWishes.set(p, { has: true, numberStyle: 'dash' });
    add(
      'IL physician who is also a CPA',
      'Two IL rows: MEDICAL BOARD (036…) and the non-healthcare LICENSED CERTIFIED PUBLIC ACCOUNTANT (065…). NPPES writes the 036 number with a dash (036-xxxxxx).',
      [p],
    );
  }
  {
    const nurse = b.person({
      state: 'IL',
      profession: 'registered_nurse',
      sex: 'F',
      first: 'ANGELA',
      middle: 'MARIE',
      last: 'WASHINGTON',
      tag: 'il-rn-detective-namesake',
    });
    b.practice(nurse, 'IL', { status: 'ACTIVE' });
    b.licenseFor(nurse, 'IL', 'real_estate_broker', { status: 'NOT RENEWED' });
    b.nppesWishes.set(nurse, { has: true, numberStyle: 'dropped_zeros' });
    const guard = b.person({ state: 'IL', profession: null, sex: 'F', first: 'ANGELA', middle: '', last: 'WASHINGTON', tag: 'il-rn-detective-namesake' });
    b.licenseFor(guard, 'IL', 'detective', { status: 'ACTIVE' });
    add(
      'IL nurse (also a lapsed real estate broker) and a namesake with only a detective registration',
      "Same first and last name in IL; the second person holds only a non-healthcare license (PERMANENT EMPLOYEE REGISTRATION, 129…), so a healthcare lookup finds one person. NPPES drops the leading zero of the nurse's 041 number.",
      [nurse, guard],
    );
  }

  // --- Colorado ----------------------------------------------------------------------------------
  {
    const p = b.person({ state: 'CO', profession: 'physician', sex: 'M', tag: 'co-two-cases' });
    b.practice(p, 'CO', { status: 'Active - With Conditions', cases: 2 });
    b.nppesWishes.set(p, { has: true });
    add('CO physician with two discipline cases', 'The DR license appears on two rows of 7s5z-vewr, one per case (casenumber, programaction).', [p]);
  }
  {
    const rn = b.person({ state: 'CO', profession: 'registered_nurse', sex: 'F', tag: 'co-number-collision' });
    const rnLicense = b.practice(rn, 'CO', { status: 'Active' });
    const pn = b.person({ state: 'CO', profession: 'practical_nurse', sex: 'M', tag: 'co-number-collision' });
    b.practice(pn, 'CO', { status: 'Active', number: rnLicense.number });
    add('CO license number shared across types', 'An RN and a PN (different people) hold the same zero-padded licensenumber; only the type tells them apart.', [
      rn,
      pn,
    ]);
  }
  {
    const p = b.person({
      state: 'CO',
      profession: 'registered_nurse',
      sex: 'M',
      first: 'JOSE',
      middle: 'LUIS',
      last: 'PENA',
      accentedFirst: 'JOSÉ',
      accentedLast: 'PEÑA',
      tag: 'co-accented',
    });
    b.practice(p, 'CO', { status: 'Active' });
    b.nppesWishes.set(p, { has: true });
    add('Accented name', 'CO writes "José Luis Peña"; NPPES writes JOSE PENA.', [p]);
  }
  {
    const p = b.person({ state: 'CO', profession: null, sex: 'F', tag: 'co-unknown-code' });
    b.license(p, kindsFor('CO', 'co_code_unknown').find((k) => k.type === 'HCW')!, { status: 'Active' });
    add('CO license with a code no mapping knows', 'licensetype HCW: an active license whose profession cannot be classified.', [p]);
  }
  {
    const p = b.person({ state: 'CO', profession: 'registered_nurse', sex: 'F', tag: 'co-grad-higher-level' });
    const rn = b.licenseFor(p, 'CO', 'registered_nurse', { status: 'Active' });
    b.licenseFor(p, 'CO', 'practical_nurse', { status: 'Grad to Higher Level', firstIssue: (rn.firstIssue ?? 0) - 1400 });
    add('CO PN who became an RN', 'Old PN license "Grad to Higher Level", RN license Active.', [p]);
  }
  {
    const p = b.person({ state: 'CO', profession: 'physician_assistant', sex: 'M', first: 'ALEX', middle: '', last: 'BROOKS', tag: 'co-nickname-board' });
    b.practice(p, 'CO', { status: 'Active' });
    b.nppesWishes.set(p, { has: true, name: { first: 'ALEXANDER', middle: 'JAMES' } });
    add('Nickname on the board, full name in NPPES', 'CO has "Alex Brooks"; NPPES has ALEXANDER JAMES BROOKS.', [p]);
  }

  // --- Texas -------------------------------------------------------------------------------------
  {
    const a = b.person({
      state: 'TX',
      profession: 'registered_nurse',
      sex: 'F',
      first: 'MARIA',
      middle: 'ELENA',
      last: 'GARCIA',
      birthYear: 1979,
      tag: 'tx-same-name',
    });
    b.practice(a, 'TX', { status: 'CURRENT (C)' });
    b.nppesWishes.set(a, { has: true });
    const c = b.person({
      state: 'TX',
      profession: 'registered_nurse',
      sex: 'F',
      first: 'MARIA',
      middle: 'GUADALUPE',
      last: 'GARCIA',
      birthYear: 1991,
      tag: 'tx-same-name',
    });
    b.practice(c, 'TX', { status: 'CURRENT (C)' });
    b.nppesWishes.set(c, { has: false });
    add(
      'Same-name pair in TX',
      'Two current RNs named MARIA GARCIA (middle names differ; only one has an NPI). Without npi or dob the name alone is ambiguous.',
      [a, c],
    );
  }
  {
    const rn = b.person({ state: 'TX', profession: 'registered_nurse', sex: 'F', tag: 'tx-rn-vn-collision' });
    const rnLicense = b.practice(rn, 'TX', { status: 'CURRENT (C)' });
    const vn = b.person({ state: 'TX', profession: 'practical_nurse', sex: 'F', tag: 'tx-rn-vn-collision' });
    b.practice(vn, 'TX', { status: 'CURRENT (C)', number: rnLicense.number });
    add('TX RN and VN license numbers that collide', 'Different people; the same number in tgb2-j935 (RN) and yjie-tuwv (VN).', [rn, vn]);
  }
  {
    const p = b.person({ state: 'TX', profession: 'physician', sex: 'M', first: 'MICHAEL', middle: 'ALLEN', last: 'PRESCOTT', tag: 'tx-typo-nppes' });
    b.practice(p, 'TX', { status: 'ACTIVE' });
    b.nppesWishes.set(p, { has: true, form: 'older', name: { first: 'MICHEAL' } });
    add('Misspelt given name in NPPES', 'TMB has MICHAEL PRESCOTT; NPPES (older response form) has MICHEAL.', [p]);
  }
  {
    const p = b.person({ state: 'TX', profession: 'registered_nurse', sex: 'F', first: 'ANA', middle: 'SOFIA', last: 'GARCIA-LOPEZ', tag: 'tx-hyphenated' });
    b.practice(p, 'TX', { status: 'CURRENT (C)', nameOnRecord: { last: 'GARCIA-LOPEZ' } });
    b.nppesWishes.set(p, { has: true, name: { last: 'GARCIA LOPEZ' } });
    add('Hyphenated double surname', 'TX BON has GARCIA-LOPEZ; NPPES has GARCIA LOPEZ (space).', [p]);
  }
  {
    const p = b.person({ state: 'TX', profession: 'practical_nurse', sex: 'M', first: 'ROBERTO', middle: '', last: 'DE LA CRUZ', tag: 'tx-particle' });
    b.practice(p, 'TX', { status: 'CURRENT (C)' });
    b.nppesWishes.set(p, { has: true, name: { last: 'DELACRUZ' } });
    add('Two-part surname', 'TX VN has DE LA CRUZ; NPPES has DELACRUZ.', [p]);
  }
  {
    const p = b.person({ state: 'TX', profession: 'practical_nurse', sex: 'F', tag: 'tx-expired' });
    b.practice(p, 'TX', { status: 'DELINQUENT (D)', expiresInDays: -40 });
    add('Expired license', 'TX VN, DELINQUENT (D), expired 40 days before the reference date.', [p]);
  }
  {
    const p = b.person({ state: 'TX', profession: 'physician', sex: 'F', tag: 'tx-under-board-order' });
    b.practice(p, 'TX', { status: 'ACTIVE - PROBATION' });
    b.nppesWishes.set(p, { has: true });
    add('TX physician under a board order', 'license_status ACTIVE - PROBATION, disciplinary_status UNDER BOARD ORDER with the current action.', [p]);
  }

  // --- Washington --------------------------------------------------------------------------------
  {
    const a = b.person({
      state: 'WA',
      profession: 'registered_nurse',
      sex: 'M',
      first: 'DAVID',
      middle: '',
      last: 'NGUYEN',
      birthYear: 1968,
      tag: 'wa-same-name',
    });
    b.practice(a, 'WA', { status: 'ACTIVE' });
    b.nppesWishes.set(a, { has: true });
    const c = b.person({
      state: 'WA',
      profession: 'registered_nurse',
      sex: 'M',
      first: 'DAVID',
      middle: 'MINH',
      last: 'NGUYEN',
      birthYear: 1990,
      tag: 'wa-same-name',
    });
    b.practice(c, 'WA', { status: 'ACTIVE' });
    b.nppesWishes.set(c, { has: true });
    add('Same-name pair in WA', 'Two active RNs named DAVID NGUYEN, told apart by birthyear (1968 / 1990) and NPI.', [a, c]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'physician', sex: 'M', first: 'CHRISTOPHER', middle: 'JOHN', last: 'ANDERSON', tag: 'wa-nickname-nppes' });
    b.practice(p, 'WA', { status: 'ACTIVE' });
    b.nppesWishes.set(p, { has: true, form: 'older', name: { first: 'CHRIS', middle: '' } });
    add('Nickname in NPPES', 'WA has CHRISTOPHER JOHN ANDERSON; NPPES (older response form) has CHRIS ANDERSON.', [p]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'registered_nurse', sex: 'F', first: 'KATHLEEN', middle: 'ANNE', last: "O'BRIEN", tag: 'wa-apostrophe' });
    b.practice(p, 'WA', { status: 'ACTIVE' });
    b.nppesWishes.set(p, { has: true, name: { last: 'OBRIEN' } });
    add('Apostrophe in the surname', "WA has O'BRIEN; NPPES has OBRIEN.", [p]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'physician_assistant', sex: 'F', tag: 'expiring-30' });
    b.practice(p, 'WA', { status: 'ACTIVE', expiresInDays: 20 });
    b.nppesWishes.set(p, { has: true });
    add('Expiring within 30 days', 'Active WA PA license expiring 20 days after the reference date (2026-11-01).', [p]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'registered_nurse', sex: 'F', tag: 'wa-active-past-expiry' });
    b.practice(p, 'WA', { status: 'ACTIVE', expiresInDays: -12 });
    add('Active status but a past expiration date', 'WA says ACTIVE while expirationdate is 12 days before the reference date (renewal not yet posted).', [p]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'registered_nurse', sex: 'F', tag: 'wa-superseded-permit' });
    const rn = b.licenseFor(p, 'WA', 'registered_nurse', { status: 'ACTIVE' });
    b.licenseFor(p, 'WA', 'rn_temporary_permit', { status: 'SUPERSEDED', firstIssue: (rn.firstIssue ?? 0) - 90 });
    add('WA temporary permit superseded by the license', 'N2… Registered Nurse Temporary Practice Permit SUPERSEDED; RN… license ACTIVE.', [p]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'physical_therapist', sex: 'M', middle: '', tag: 'middle-nppes-only' });
    b.practice(p, 'WA', { status: 'ACTIVE' });
    b.nppesWishes.set(p, { has: true, name: { middle: 'RAYMOND' } });
    add('Middle name only in NPPES', 'WA has no middle name; NPPES has RAYMOND.', [p]);
  }

  // --- Delaware ----------------------------------------------------------------------------------
  {
    const p = b.person({
      state: 'DE',
      profession: 'registered_nurse',
      sex: 'F',
      first: 'SARAH',
      middle: 'ELIZABETH',
      last: 'MITCHELL',
      formerLast: 'KOWALSKI',
      tag: 'de-former-name',
    });
    b.practice(p, 'DE', { status: 'Active', nameOnRecord: { last: 'KOWALSKI' } });
    b.nppesWishes.set(p, { has: true, form: 'newer' });
    add('Former name', 'DE still lists the maiden name KOWALSKI; NPPES has MITCHELL with KOWALSKI under other_names (Former Name).', [p]);
  }
  {
    const p = b.person({ state: 'DE', profession: 'pharmacist', sex: 'F', tag: 'expiring-90' });
    b.practice(p, 'DE', { status: 'Active', expiresInDays: 85 });
    b.nppesWishes.set(p, { has: true });
    add('Expiring within 90 days', 'Active DE pharmacist license expiring 85 days after the reference date.', [p]);
  }
  {
    const p = b.person({ state: 'DE', profession: 'registered_nurse', sex: 'F', tag: 'de-probation' });
    b.practice(p, 'DE', { status: 'Probation', cases: 2 });
    add('DE license on probation', 'license_status Probation, disciplinary_action N as on every DE row, and two rows in dz6p-akeq.', [p]);
  }
  {
    const org = b.organization('pharmacy', 'DE', 'de-firm');
    b.licenseFor(org, 'DE', 'pharmacy_business', { status: 'Active' });
    add('DE firm', 'A pharmacy: the whole name in last_name, first_name empty.', [], { organizations: [org] });
  }

  // --- Illinois, more -----------------------------------------------------------------------------
  {
    const p = b.person({ state: 'IL', profession: 'registered_nurse', sex: 'F', tag: 'expiring-60' });
    b.practice(p, 'IL', { status: 'ACTIVE', expiresInDays: 55 });
    b.nppesWishes.set(p, { has: true });
    add('Expiring within 60 days', 'Active IL RN license expiring 55 days after the reference date.', [p]);
  }
  {
    const p = b.person({ state: 'IL', profession: 'psychologist', sex: 'M', middle: 'EUGENE', tag: 'middle-board-only' });
    b.practice(p, 'IL', { status: 'ACTIVE', nameOnRecord: { middle: 'EUGENE' } });
    b.nppesWishes.set(p, { has: true, name: { middle: '' } });
    add('Middle name only on the board', 'IL has middle EUGENE; NPPES has none.', [p]);
  }

  // --- two states ---------------------------------------------------------------------------------
  {
    const p = b.person({ state: 'WA', profession: 'physician', sex: 'F', tag: 'multi-state' });
    b.practice(p, 'WA', { status: 'ACTIVE' });
    b.practice(p, 'CO', { status: 'Active' });
    b.nppesWishes.set(p, { has: true, listAll: true });
    add('Physician licensed in two states', 'Active in WA and CO; NPPES lists both licenses.', [p]);
  }
  {
    const p = b.person({ state: 'IL', profession: 'registered_nurse', sex: 'F', tag: 'multi-state' });
    b.practice(p, 'IL', { status: 'ACTIVE' });
    b.practice(p, 'TX', { status: 'DELINQUENT (D)' });
    b.nppesWishes.set(p, { has: true, listAll: true });
    add('Nurse licensed in two states', 'Active in IL; delinquent in TX. NPPES lists both.', [p]);
  }

  // --- LEIE ---------------------------------------------------------------------------------------
  {
    const p = b.person({ state: 'IL', profession: 'physician', sex: 'M', tag: 'leie-npi' });
    b.practice(p, 'IL', { status: 'REVOKED' });
    b.nppesWishes.set(p, { has: true });
    p.leie = { exclusionType: '1128b4', withNpi: true, withDob: true, waiverState: null };
    add('LEIE exclusion with NPI', 'Revoked IL physician; the LEIE row carries the NPI and date of birth (1128b4, license revocation).', [p]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'registered_nurse', sex: 'F', tag: 'leie-dob-only' });
    b.practice(p, 'WA', { status: 'Suspended' });
    p.leie = { exclusionType: '1128b4', withNpi: false, withDob: true, waiverState: null };
    add('LEIE exclusion with date of birth only', 'Suspended WA RN; the LEIE row has DOB (same year as WA birthyear) and NPI 0000000000.', [p]);
  }
  {
    const p = b.person({ state: 'TX', profession: 'practical_nurse', sex: 'F', tag: 'leie-name-only' });
    b.practice(p, 'TX', { status: 'CURRENT (C)' });
    b.nppesWishes.set(p, { has: false });
    p.leie = { exclusionType: '1128a1', withNpi: false, withDob: false, waiverState: null };
    add('LEIE name-only match', 'Current TX VN; the LEIE row has neither NPI nor DOB, so only the name matches.', [p]);
  }
  {
    const p = b.person({ state: 'CO', profession: 'physician', sex: 'M', tag: 'leie-namesake-npi' });
    b.practice(p, 'CO', { status: 'Active' });
    b.nppesWishes.set(p, { has: true });
    p.leieNamesakes.push({ differs: 'npi', exclusionType: '1128a1', npi: null });
    add('LEIE namesake with a different NPI', 'Active CO physician; an LEIE row with the same name carries another (valid) NPI: a different person.', [p]);
  }
  {
    const p = b.person({ state: 'WA', profession: 'registered_nurse', sex: 'F', tag: 'leie-namesake-dob' });
    b.practice(p, 'WA', { status: 'ACTIVE' });
    p.leieNamesakes.push({ differs: 'dob', exclusionType: '1128b4', npi: null });
    add('LEIE namesake with a different date of birth', 'Active WA RN; an LEIE row with the same name has a DOB 11 years apart and no NPI.', [p]);
  }
  {
    const p = b.person({ state: 'DE', profession: 'physician', sex: 'M', tag: 'leie-waiver' });
    b.practice(p, 'DE', { status: 'Active' });
    b.nppesWishes.set(p, { has: true });
    p.leie = { exclusionType: '1128b5', withNpi: true, withDob: true, waiverState: 'DE' };
    add('LEIE exclusion with a state waiver', 'Active DE physician excluded (1128b5) with a waiver for DE (WAIVERDATE, WVRSTATE).', [p]);
  }
  {
    const org = b.organization('pharmacy', 'IL', 'leie-organization');
    b.licenseFor(org, 'IL', 'pharmacy_business', { status: 'ACTIVE' });
    org.leie = { exclusionType: '1128b7', withNpi: true, withDob: false, waiverState: null };
    add('Excluded organisation', 'An IL pharmacy (NPI-2, business row in pzzh-kp68) on the LEIE as a business row with its NPI.', [], { organizations: [org] });
  }

  // Every license of a scenario person keeps the status it was given (or its kind's usual one).
  for (const notable of notables) {
    for (const holder of [...notable.people, ...(notable.organizations ?? [])]) for (const license of holder.licenses) license.pinned = true;
  }
  return notables;
}
