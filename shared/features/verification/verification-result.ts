/**
 * The verification result (docs/api-guide.md, "Verifying a provider") and the certificate body,
 * assembled from an outcome. `source_live` and `cached` describe the license status (the state board's
 * answer); per-source freshness is in `sources`.
 */
import type { KeyMode } from '../../domain/caller.ts';
import type { CertificateBody } from '../certificates/certificate.ts';
import { stateName, type StateCode } from '../../domain/us-states.ts';
import type { VerificationOutcome } from './verification-engine.ts';
import { sanctionsSection } from './sanctions-section.ts';

export interface VerificationIds {
  readonly verificationId: string;
  readonly checkedAt: string;
  readonly mode: KeyMode;
  readonly sandbox: boolean;
}

export function certificateBody(outcome: VerificationOutcome, state: StateCode, ids: VerificationIds): Omit<CertificateBody, 'signing_key_id'> {
  return {
    verification_id: ids.verificationId,
    issued_at: ids.checkedAt,
    mode: ids.mode,
    provider: {
      name: outcome.license?.name ?? null,
      npi: outcome.npi,
      license_number: outcome.license?.licenseNumber ?? null,
      state: stateName(state),
      profession: outcome.license?.profession ?? null,
      license_type: outcome.license?.licenseType ?? null,
    },
    result: {
      verified: outcome.verified,
      status: outcome.status,
      expiry_date: outcome.license?.expiryDate ?? null,
      disciplinary_flags: outcome.disciplinary,
      oig_excluded: outcome.oigExcluded,
    },
    match: { confidence: outcome.identity?.confidence ?? null, basis: [...(outcome.identity?.basis ?? [])] },
    sources_checked: sourcesChecked(outcome),
    sources: outcome.sources.map((s) => ({
      name: s.name,
      status: s.status,
      as_of: s.as_of,
      ...(s.reason ? { reason: s.reason } : {}),
      ...(s.evidence ? { evidence: [...s.evidence] } : {}),
    })),
    sanctions: sanctionsSection(outcome),
  };
}

export function sourcesChecked(outcome: VerificationOutcome): string[] {
  return outcome.sources.filter((s) => s.status !== 'unavailable').map((s) => s.name);
}

export function verificationResult(outcome: VerificationOutcome, state: StateCode, ids: VerificationIds, certificateHash: string) {
  const license = outcome.license;
  const exclusion = outcome.exclusion;
  const registry = outcome.registry;
  const sanctions = sanctionsSection(outcome);
  return {
    verification_id: ids.verificationId,
    verified: outcome.verified,
    status: outcome.status,
    name: license?.name ?? null,
    license_number: license?.licenseNumber ?? null,
    state: stateName(state),
    expiry_date: license?.expiryDate ?? null,
    disciplinary_flags: outcome.disciplinary,
    oig_excluded: outcome.oigExcluded,
    sanctioned: sanctions.sanctioned,
    sources_checked: sourcesChecked(outcome),
    source_live: outcome.board !== null && !outcome.board.cached,
    cached: outcome.board?.cached ?? false,
    cache_expires_at: outcome.board?.freshUntil ?? null,
    checked_at: ids.checkedAt,
    certificate_hash: certificateHash,
    profession: license?.profession ?? null,
    license_type: license?.licenseType ?? null,
    profession_confirmed: outcome.professionConfirmed,
    professions_covered: outcome.professionsCovered,
    match_confidence: outcome.identity?.confidence ?? null,
    match_basis: outcome.identity?.basis ?? [],
    match_note: outcome.matchNote,
    npi: outcome.npi,
    mode: ids.mode,
    sources: outcome.sources,
    oig_exclusion: exclusion
      ? {
          match: exclusion.basis,
          exclusion_type: exclusion.record.exclusionType,
          exclusion_date: exclusion.record.exclusionDate,
          waiver_state: exclusion.record.waiverState,
          waiver_date: exclusion.record.waiverDate,
        }
      : null,
    sanctions: { lists: sanctions.lists, matches: sanctions.matches },
    registry: registry
      ? {
          npi: registry.npi,
          name: registry.name
            ? [registry.name.firstName, registry.name.middleName, registry.name.lastName].filter(Boolean).join(' ')
            : registry.organizationName,
          credential: registry.name?.credential ?? null,
          licenses: registry.taxonomies
            .filter((t) => t.licenseNumber)
            .map((t) => ({ state: t.state, license_number: t.licenseNumber, taxonomy: t.description, primary: t.primary })),
        }
      : null,
    ...(ids.sandbox ? { sandbox: true } : {}),
  };
}

export type VerificationResult = ReturnType<typeof verificationResult>;
