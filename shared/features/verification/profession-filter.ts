/**
 * Profession filter (docs/api-guide.md, "Verifying a provider": "Profession filter"), over one person's
 * healthcare licenses:
 * 2. a license in the named profession is returned; 3. a license confidently in another profession is
 * excluded; 4. an unclassifiable license is still returned, ranked after exact matches, with
 * profession null; 5. non-healthcare licenses never reach this point (board-search leaves them out).
 * Rules 6-8 (profession_not_covered before any lookup, or not_found after a real lookup for the two
 * look-up states) are decided by the engine from the coverage.
 */
import type { Profession } from '../../domain/professions.ts';
import type { BoardLicense } from '../sources/license-record.ts';

export type ProfessionFit = 'exact' | 'unclassified' | 'unrequested';

export interface RankedLicense {
  readonly license: BoardLicense;
  readonly fit: ProfessionFit;
}

const statusRank = { active: 0, suspended: 1, expired: 2, inactive: 3, revoked: 4 } as const;

/** Licenses the request allows, best first: profession fit, then standing, then the latest expiry. */
export function rankLicenses(licenses: readonly BoardLicense[], requested: Profession | undefined): RankedLicense[] {
  const ranked: RankedLicense[] = [];
  for (const license of licenses) {
    if (!requested) ranked.push({ license, fit: 'unrequested' });
    else if (license.profession === requested) ranked.push({ license, fit: 'exact' });
    else if (license.profession === null) ranked.push({ license, fit: 'unclassified' });
  }
  const fitRank: Record<ProfessionFit, number> = { exact: 0, unrequested: 0, unclassified: 1 };
  return ranked.sort(
    (a, b) =>
      fitRank[a.fit] - fitRank[b.fit] ||
      statusRank[a.license.status] - statusRank[b.license.status] ||
      (b.license.expiryDate ?? '').localeCompare(a.license.expiryDate ?? '') ||
      (b.license.issueDate ?? '').localeCompare(a.license.issueDate ?? ''),
  );
}
