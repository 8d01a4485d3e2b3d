/**
 * The sandbox directory: the fictional providers a test key is answered from, and the documented
 * requests that exercise every outcome. Test keys never reach a real source; live keys never see these
 * providers. Every supported state holds the same people (one NPI each, a license in every state), so an
 * integrator's tests run the same in any state; the API guide's table (docs/api-guide.md) is generated from `sandboxCases`
 * and a test sends each case over HTTP and checks its documented outcome.
 */
import type { BoardStatus, OutcomeStatus } from '../../../domain/license-status.ts';
import type { Profession } from '../../../domain/professions.ts';
import type { ExclusionBasis, MatchBasis } from '../../../domain/match-basis.ts';

export interface SandboxProvider {
  readonly id: string;
  readonly firstName: string;
  readonly middleName?: string;
  readonly lastName: string;
  readonly profession: Profession;
  readonly status: BoardStatus;
  /** Expiry relative to today, in days (negative: already past). */
  readonly expiresInDays: number;
  readonly disciplinary?: boolean;
  readonly npi: string;
  /** Published as a birth year only where the real board publishes one. */
  readonly dob: string;
  /** An OIG LEIE record for this person: with the NPI on it, or by name (and DOB) only. */
  readonly excluded?: 'npi_on_record' | 'name_only';
  /** The board cannot be reached for this surname: with no cached answer, or with one 30 days old. */
  readonly boardDown?: 'no_cache' | 'cached_30_days';
}

export const sandboxProviders: readonly SandboxProvider[] = [
  {
    id: 'active',
    firstName: 'Amelia',
    middleName: 'Rose',
    lastName: 'Brightwater',
    profession: 'registered_nurse',
    status: 'active',
    expiresInDays: 400,
    npi: '1999000015',
    dob: '1984-03-12',
  },
  {
    id: 'inactive',
    firstName: 'Helen',
    lastName: 'Larkspur',
    profession: 'registered_nurse',
    status: 'inactive',
    expiresInDays: 200,
    npi: '1999000023',
    dob: '1979-07-01',
  },
  {
    id: 'expired',
    firstName: 'Daniel',
    lastName: 'Ashgrove',
    profession: 'practical_nurse',
    status: 'active',
    expiresInDays: -45,
    npi: '1999000031',
    dob: '1990-11-23',
  },
  {
    id: 'suspended',
    firstName: 'Grace',
    lastName: 'Fairhollow',
    profession: 'physician',
    status: 'suspended',
    expiresInDays: 300,
    disciplinary: true,
    npi: '1999000049',
    dob: '1971-05-30',
  },
  {
    id: 'revoked',
    firstName: 'Martin',
    lastName: 'Kestrelby',
    profession: 'physician',
    status: 'revoked',
    expiresInDays: -200,
    disciplinary: true,
    npi: '1999000056',
    dob: '1966-02-14',
  },
  {
    id: 'disciplined',
    firstName: 'Janet',
    lastName: 'Holloway-Quince',
    profession: 'nurse_practitioner',
    status: 'active',
    expiresInDays: 500,
    disciplinary: true,
    npi: '1999000064',
    dob: '1982-09-09',
  },
  {
    id: 'nickname',
    firstName: 'Robert',
    lastName: 'Thistlewood',
    profession: 'physician',
    status: 'active',
    expiresInDays: 600,
    npi: '1999000072',
    dob: '1975-01-17',
  },
  {
    id: 'typo',
    firstName: 'Katherine',
    lastName: 'Quenby',
    profession: 'registered_nurse',
    status: 'active',
    expiresInDays: 350,
    npi: '1999000080',
    dob: '1988-06-04',
  },
  {
    id: 'same-name-1',
    firstName: 'Michael',
    lastName: 'Wrenfield',
    profession: 'registered_nurse',
    status: 'active',
    expiresInDays: 450,
    npi: '1999000098',
    dob: '1970-04-20',
  },
  {
    id: 'same-name-2',
    firstName: 'Michael',
    lastName: 'Wrenfield',
    profession: 'registered_nurse',
    status: 'expired',
    expiresInDays: -90,
    npi: '1999000106',
    dob: '1992-12-01',
  },
  {
    id: 'excluded-npi',
    firstName: 'Steven',
    lastName: 'Pembrook',
    profession: 'physician',
    status: 'active',
    expiresInDays: 700,
    npi: '1999000114',
    dob: '1969-08-15',
    excluded: 'npi_on_record',
  },
  {
    id: 'excluded-name',
    firstName: 'Linda',
    lastName: 'Oakhurst',
    profession: 'registered_nurse',
    status: 'active',
    expiresInDays: 250,
    npi: '1999000122',
    dob: '1977-10-10',
    excluded: 'name_only',
  },
  {
    id: 'board-down',
    firstName: 'Irene',
    lastName: 'Stormcellar',
    profession: 'registered_nurse',
    status: 'active',
    expiresInDays: 300,
    npi: '1999000130',
    dob: '1985-02-02',
    boardDown: 'no_cache',
  },
  {
    id: 'board-down-cached',
    firstName: 'Oscar',
    lastName: 'Driftwood',
    profession: 'registered_nurse',
    status: 'active',
    expiresInDays: 300,
    npi: '1999000148',
    dob: '1981-03-03',
    boardDown: 'cached_30_days',
  },
];

/** What a documented request is expected to answer (the fields an integrator's test would assert). */
export interface SandboxExpectation {
  readonly status: OutcomeStatus;
  readonly verified: boolean;
  readonly disciplinary_flags?: boolean;
  readonly oig_excluded?: boolean;
  readonly oig_match?: ExclusionBasis;
  /** Bases that must be among `match_basis`. */
  readonly match_basis?: readonly MatchBasis[];
  readonly match_note?: 'ambiguous' | 'npi_other_person';
  /** The board source's report in `sources`. */
  readonly board_source?: 'live' | 'cached' | 'unavailable';
}

export interface SandboxRequest {
  readonly first_name: string;
  readonly last_name: string;
  readonly npi?: string;
  readonly dob?: string;
  readonly profession?: Profession;
  /** `any` = every supported state; else one state (the outcome depends on the state). */
  readonly state: 'any' | string;
}

export interface SandboxCase {
  readonly title: string;
  readonly request: SandboxRequest;
  readonly expect: SandboxExpectation;
}

export const sandboxCases: readonly SandboxCase[] = [
  {
    title: 'Found, active',
    request: { first_name: 'Amelia', last_name: 'Brightwater', state: 'any' },
    expect: { status: 'active', verified: true, match_basis: ['first_name_exact'] },
  },
  {
    title: 'Found, active, NPI links the license',
    request: { first_name: 'Amelia', last_name: 'Brightwater', npi: '1999000015', state: 'any' },
    expect: { status: 'active', verified: true, match_basis: ['npi_license_link'] },
  },
  { title: 'Found, inactive', request: { first_name: 'Helen', last_name: 'Larkspur', state: 'any' }, expect: { status: 'inactive', verified: false } },
  {
    title: 'Found, expired (the board still says active; the expiry date has passed)',
    request: { first_name: 'Daniel', last_name: 'Ashgrove', state: 'any' },
    expect: { status: 'expired', verified: false },
  },
  {
    title: 'Found, suspended, with discipline',
    request: { first_name: 'Grace', last_name: 'Fairhollow', state: 'any' },
    expect: { status: 'suspended', verified: false, disciplinary_flags: true },
  },
  {
    title: 'Found, revoked, with discipline',
    request: { first_name: 'Martin', last_name: 'Kestrelby', state: 'any' },
    expect: { status: 'revoked', verified: false, disciplinary_flags: true },
  },
  {
    title: 'Active with discipline on record; either part of a hyphenated surname matches',
    request: { first_name: 'Janet', last_name: 'Quince', state: 'any' },
    expect: { status: 'active', verified: true, disciplinary_flags: true, match_basis: ['last_name_part'] },
  },
  {
    title: 'Nickname match (Bob for Robert)',
    request: { first_name: 'Bob', last_name: 'Thistlewood', state: 'any' },
    expect: { status: 'active', verified: true, match_basis: ['first_name_nickname'] },
  },
  {
    title: 'Minor typo in the given name (Katehrine for Katherine)',
    request: { first_name: 'Katehrine', last_name: 'Quenby', state: 'any' },
    expect: { status: 'active', verified: true, match_basis: ['first_name_typo'] },
  },
  {
    title: 'Two people with the same name: not_found, with a note saying what resolves them',
    request: { first_name: 'Michael', last_name: 'Wrenfield', state: 'any' },
    expect: { status: 'not_found', verified: false, match_note: 'ambiguous' },
  },
  {
    title: 'Same-name pair resolved by NPI (the one whose license is active)',
    request: { first_name: 'Michael', last_name: 'Wrenfield', npi: '1999000098', state: 'any' },
    expect: { status: 'active', verified: true, match_basis: ['npi_license_link'] },
  },
  {
    title: 'Same-name pair resolved by NPI (the one whose license has expired)',
    request: { first_name: 'Michael', last_name: 'Wrenfield', npi: '1999000106', state: 'any' },
    expect: { status: 'expired', verified: false, match_basis: ['npi_license_link'] },
  },
  {
    title: 'Same-name pair resolved by DOB (Washington publishes birth years)',
    request: { first_name: 'Michael', last_name: 'Wrenfield', dob: '1970-04-20', state: 'WA' },
    expect: { status: 'active', verified: true, match_basis: ['dob'] },
  },
  {
    title: 'Same-name pair: a DOB does not resolve where the board publishes no birth year',
    request: { first_name: 'Michael', last_name: 'Wrenfield', dob: '1970-04-20', state: 'TX' },
    expect: { status: 'not_found', verified: false, match_note: 'ambiguous' },
  },
  {
    title: 'An NPI that belongs to someone else',
    request: { first_name: 'Amelia', last_name: 'Brightwater', npi: '1999000072', state: 'any' },
    expect: { status: 'not_found', verified: false, match_note: 'npi_other_person' },
  },
  {
    title: 'OIG exclusion confirmed by NPI',
    request: { first_name: 'Steven', last_name: 'Pembrook', npi: '1999000114', state: 'any' },
    expect: { status: 'active', verified: false, oig_excluded: true, oig_match: 'npi' },
  },
  {
    title: 'OIG exclusion by name only (no identifier supplied)',
    request: { first_name: 'Linda', last_name: 'Oakhurst', state: 'any' },
    expect: { status: 'active', verified: false, oig_excluded: true, oig_match: 'name_only' },
  },
  {
    title: 'OIG exclusion confirmed by DOB',
    request: { first_name: 'Linda', last_name: 'Oakhurst', dob: '1977-10-10', state: 'any' },
    expect: { status: 'active', verified: false, oig_excluded: true, oig_match: 'dob' },
  },
  {
    title: 'Same name as an OIG record, ruled out by a different DOB',
    request: { first_name: 'Linda', last_name: 'Oakhurst', dob: '1977-10-11', state: 'CO' },
    expect: { status: 'active', verified: true, oig_excluded: false },
  },
  { title: 'No such provider', request: { first_name: 'Nobody', last_name: 'Brightwater', state: 'any' }, expect: { status: 'not_found', verified: false } },
  {
    title: 'Profession the state does not cover',
    request: { first_name: 'Amelia', last_name: 'Brightwater', profession: 'dental_assistant', state: 'TX' },
    expect: { status: 'profession_not_covered', verified: false },
  },
  {
    title: 'State outside the coverage (federal sources still checked)',
    request: { first_name: 'Steven', last_name: 'Pembrook', npi: '1999000114', state: 'NY' },
    expect: { status: 'unsupported_state', verified: false, oig_excluded: true, oig_match: 'npi' },
  },
  {
    title: 'State board unreachable, nothing cached',
    request: { first_name: 'Irene', last_name: 'Stormcellar', state: 'any' },
    expect: { status: 'source_unavailable', verified: false, board_source: 'unavailable' },
  },
  {
    title: 'State board unreachable, answered from a 30-day-old cached answer',
    request: { first_name: 'Oscar', last_name: 'Driftwood', state: 'any' },
    expect: { status: 'active', verified: true, board_source: 'cached' },
  },
];
