/** How the provider was matched: identity evidence (`match_basis`) and OIG exclusion matches. */

/** The evidence an identity match rests on, as reported in `match_basis`. */
export const matchBases = [
  'npi',
  'npi_license_link',
  'npi_name_state',
  'former_name',
  'last_name_exact',
  'last_name_part',
  'first_name_exact',
  'first_name_nickname',
  'first_name_typo',
  'middle_name',
  'dob',
] as const;

export type MatchBasis = (typeof matchBases)[number];

/** How an exclusion list record was matched to the provider (`oig_exclusion.match`), strongest first. */
export const exclusionBases = ['npi', 'dob', 'name_only'] as const;

export type ExclusionBasis = (typeof exclusionBases)[number];

/**
 * How a sanctions list row was matched to the provider (`sanctions.matches[].basis`), strongest first:
 * the NPI, a license number of the same state, the name with the date of birth, or the name alone (no
 * identifier on both sides that could confirm or contradict it).
 */
export const sanctionBases = ['npi', 'license', 'name_dob', 'name_only'] as const;

export type SanctionBasis = (typeof sanctionBases)[number];

/** The id of the OIG exclusion list (LEIE) among the sanctions lists a verification screens. */
export const oigListId = 'oig_leie';
