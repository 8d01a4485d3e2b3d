/**
 * The plausibility rules of a new version (pure): versions move forward, a change budget holds a load
 * beyond it, a roster load lifting a restriction or adding an unfamiliar license number is held, and an
 * operator's files must be a roster's declared files.
 */
import { describe, expect, it } from 'vitest';
import {
  type ChangeBudget,
  type DigestRow,
  diffVersions,
  digestsByIdentity,
  judgeLoad,
  matchDeclaredFiles,
  numberShape,
} from '#shared/features/sources/plausibility/load-plausibility.ts';
import { listDigestRow, rosterDigestRow } from '#shared/features/sources/plausibility/row-digests.ts';
import type { ListEntry } from '#shared/features/sources/lists/list-entry.ts';
import type { RosterRecord } from '#shared/features/sources/rosters/roster-definition.ts';

const row = (identity: string, digest = 'd', extra: Partial<DigestRow> = {}): DigestRow => ({ identity, digest, label: identity, ...extra });
const rows = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => row(`${prefix}${i}`));
const daily: ChangeBudget = { share: 0.02, minRows: 25 };
const roster: ChangeBudget = { share: 0.1, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true };
const diff = (current: DigestRow[], next: DigestRow[]) => diffVersions(digestsByIdentity(current), digestsByIdentity(next));

describe('the difference between two versions', () => {
  it('counts rows added, removed and changed by identity, with a few examples of each', () => {
    const current = [...rows(10), row('x', 'old')];
    const next = [...rows(8), row('x', 'new'), ...rows(3, 'n')];
    expect(diff(current, next)).toEqual({
      current_rows: 11,
      next_rows: 12,
      added: 3,
      removed: 2,
      changed: 1,
      cleared: 0,
      unfamiliar_numbers: 0,
      examples: { added: ['n0', 'n1', 'n2'], removed: ['r8', 'r9'], changed: ['x'], cleared: [], unfamiliar_numbers: [] },
    });
    expect(diff(rows(100), []).examples.removed).toHaveLength(5);
  });

  it('takes several rows of one identity as one, whatever their order', () => {
    const a = [row('s1', 'hhs'), row('s1', 'opm')];
    expect(diff(a, [row('s1', 'opm'), row('s1', 'hhs')])).toMatchObject({ added: 0, removed: 0, changed: 0 });
    expect(diff(a, [row('s1', 'hhs')])).toMatchObject({ changed: 1 });
  });

  it('a lifted restriction is a clearing; an added number of a shape unseen for its type is unfamiliar', () => {
    const current = [row('P|D1', 'probation', { restricted: true, numberShape: 'P:A9' }), row('P|D2', 'a', { numberShape: 'P:A9' })];
    const next = [row('P|D1', 'active', { numberShape: 'P:A9' }), row('P|D2', 'a', { numberShape: 'P:A9' }), row('P|D3', 'a', { numberShape: 'P:A9' })];
    expect(diff(current, next)).toMatchObject({ changed: 1, cleared: 1, added: 1, unfamiliar_numbers: 0 });
    expect(diff(current, [...next, row('P|77', 'a', { numberShape: 'P:99' })])).toMatchObject({ added: 2, unfamiliar_numbers: 1 });
    expect(numberShape('d0067123')).toBe('A9999999');
    expect(numberShape('C-05512')).toBe('A-99999');
  });
});

describe('judging a load', () => {
  const current = { as_of: '2026-10-12' };
  const next = { as_of: '2026-10-13' };

  it('accepts the first load of a source', () => {
    expect(judgeLoad({ current: undefined, next, diff: null, budget: daily })).toMatchObject({ decision: 'accepted', basis: 'first_load' });
  });

  it('refuses a file that stands for an earlier day, unless an operator rolls back on purpose', () => {
    const older = { as_of: '2026-09-14' };
    const refused = judgeLoad({ current, next: older, diff: null, budget: daily });
    expect(refused.decision).toBe('refused');
    expect(refused.reasons[0]).toMatch(/stands for 2026-09-14, before the version in force \(2026-10-12\)/);
    expect(judgeLoad({ current, next: older, diff: null, budget: daily, rollback: 'October report withdrawn' })).toEqual({
      decision: 'accepted',
      basis: 'rollback',
      reasons: ['loaded on purpose by an operator: October report withdrawn'],
    });
    // The same day again is not older.
    expect(judgeLoad({ current, next: current, diff: diff(rows(100), rows(100)), budget: daily }).decision).toBe('accepted');
  });

  it('holds a load beyond its change budget: a list cut to 53 %', () => {
    const held = judgeLoad({ current, next, diff: diff(rows(1000), rows(530)), budget: daily });
    expect(held.decision).toBe('held');
    expect(held.reasons[0]).toMatch(
      /^470 rows added, removed or changed \(0 added, 470 removed, 0 changed\) are 47 % of the 1000 in force, beyond the budget of 2 %$/,
    );
    expect(judgeLoad({ current, next, diff: diff(rows(1000), rows(990)), budget: daily }).decision).toBe('accepted');
  });

  it('lets a few rows change in a small source whatever their share', () => {
    expect(judgeLoad({ current, next, diff: diff(rows(40), rows(35)), budget: daily }).decision).toBe('accepted');
    expect(judgeLoad({ current, next, diff: diff(rows(40), rows(5)), budget: daily }).decision).toBe('held');
  });

  it('holds a roster load that lifts a restriction, or adds an unfamiliar license number, however small', () => {
    const shaped = (n: number) => Array.from({ length: n }, (_, i) => row(`P|D${i}`, 'a', { numberShape: 'P:A9' }));
    const base = [...shaped(200), row('P|DX', 'probation', { restricted: true, numberShape: 'P:A9' })];
    const cleared = judgeLoad({ current, next, diff: diff(base, [...shaped(200), row('P|DX', 'active', { numberShape: 'P:A9' })]), budget: roster });
    expect(cleared).toEqual({ decision: 'held', reasons: [expect.stringMatching(/^1 licensee\(s\) with a restriction in force .* would be cleared$/)] });
    const odd = judgeLoad({ current, next, diff: diff(base, [...base, row('P|12', 'a', { numberShape: 'P:99' })]), budget: roster });
    expect(odd).toEqual({ decision: 'held', reasons: [expect.stringMatching(/^1 added licensee\(s\) have a license number unlike/)] });
    // A new licensee numbered like the others, a renewal: within the budget.
    expect(judgeLoad({ current, next, diff: diff(base, [...base, row('P|D999', 'a', { numberShape: 'P:A9' })]), budget: roster }).decision).toBe('accepted');
    // A list takes neither rule.
    expect(judgeLoad({ current, next, diff: diff(base, [...shaped(200), row('P|DX', 'active')]), budget: daily }).decision).toBe('accepted');
  });
});

describe("a roster's declared files", () => {
  const declared = ['doctor_list_revised.csv', 'allied_health_list.csv'];

  it("matches an operator's files by name, and names a missing or unknown file", () => {
    expect(matchDeclaredFiles(declared, ['/tmp/2026-10-doctor_list_revised.csv', 'Allied_Health_List.CSV'])).toEqual({ missing: [], unknown: [] });
    expect(matchDeclaredFiles(declared, ['doctor_list_revised.csv'])).toEqual({ missing: ['allied_health_list.csv'], unknown: [] });
    expect(matchDeclaredFiles(declared, ['doctor_list_revised.csv', 'roster.csv'])).toEqual({ missing: ['allied_health_list.csv'], unknown: ['roster.csv'] });
  });
});

describe('rows as compared', () => {
  const record = (over: Partial<RosterRecord>): RosterRecord => ({
    file: 'doctor_list_revised',
    licenseNumber: 'D0067123',
    firstName: 'Eleanor',
    middleName: '',
    lastName: 'Brightwater',
    suffix: '',
    licenseType: 'Physician',
    classification: { kind: 'profession', profession: 'physician' },
    status: 'active',
    rawStatus: 'Probation',
    statusRecognised: true,
    expiryDate: null,
    issueDate: null,
    disciplinary: true,
    ...over,
  });

  it('a roster row: by type and number; probation lifted changes its digest and lifts its restriction', () => {
    const before = rosterDigestRow(record({}));
    const after = rosterDigestRow(record({ rawStatus: 'Active', disciplinary: false }));
    expect(before).toMatchObject({ identity: 'PHYSICIAN|D0067123', restricted: true, numberShape: 'PHYSICIAN:A9999999' });
    expect(after).toMatchObject({ identity: before.identity, restricted: false });
    expect(after.digest).not.toBe(before.digest);
  });

  it('a list row: by its reference, else its NPI; a changed action or identifier changes its digest', () => {
    const entry: ListEntry = {
      kind: 'individual',
      lastName: 'OKAFOR',
      firstName: 'CHIDI',
      middleName: '',
      entityName: '',
      npi: '1457485542',
      dob: null,
      licenses: [],
      reference: 'S4MR3OKA1',
      identifiers: {},
      aliases: [],
      city: '',
      state: 'OH',
      zip: '',
      country: 'USA',
      action: {
        agency: 'HHS',
        type: 'Prohibition/Restriction',
        program: 'Reciprocal',
        code: 'Z1',
        startDate: '2023-01-15',
        endDate: null,
        indefinite: true,
        reinstatedDate: null,
        comments: '',
      },
    };
    const a = listDigestRow(entry);
    expect(a.identity).toBe('ref:S4MR3OKA1');
    expect(listDigestRow({ ...entry, reference: null }).identity).toBe('npi:1457485542');
    expect(listDigestRow({ ...entry, action: { ...entry.action, comments: 'note' } }).digest).toBe(a.digest);
    expect(listDigestRow({ ...entry, action: { ...entry.action, endDate: '2026-01-01' } }).digest).not.toBe(a.digest);
    expect(listDigestRow({ ...entry, npi: '1306849450' }).digest).not.toBe(a.digest);
  });
});
