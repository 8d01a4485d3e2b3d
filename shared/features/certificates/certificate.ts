/**
 * The verification certificate (docs/api-guide.md, "Certificates" and "Checking a certificate").
 *
 * - Signed body: the certificate without `signature` and `certificate_hash`, serialised as RFC 8785
 *   canonical JSON and encoded as UTF-8.
 * - `signature` = `vrf_sig_` + base64url(ES256 signature of the signed body), the signature raw r||s
 *   (IEEE P1363, 64 bytes) with s ≤ n/2 (low-S).
 * - `certificate_hash` = `sha256_` + hex(SHA-256(UTF-8 canonical JSON of the certificate without
 *   `certificate_hash`)): the published integrity rule (remove `certificate_hash`, serialise the rest
 *   with keys sorted, SHA-256 hex digest, prefix). For this document (strings, booleans, nulls, arrays,
 *   objects with ASCII keys, and one number, `match.confidence`, between 0 and 1 with at most two
 *   decimals) canonical JSON equals Python's
 *   `json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)`, and `jq -S -c` except that
 *   jq writes U+007F as `\u007f`.
 *
 * Besides the fields the API guide lists for every certificate, the body signs what a reader relies on:
 * the profession and the board's license type, how confidently and on what evidence the provider was
 * matched, and for every source whether it answered live, from the cache or not at all, and as of when,
 * and the evidence of what it said (`sources[].evidence`: the SHA-256 of the raw responses or of the
 * ingested file). Certificates issued before these fields existed lack them; they verify as they were
 * signed (the verifier checks the signature over whatever body the certificate carries), and readers
 * show what they have (`IssuedCertificate`).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../platform/json/canonical.ts';
import type { Profession } from '../../domain/professions.ts';
import type { UnavailableReason } from '../sources/errors.ts';
import type { SourceReportStatus } from '../../domain/source-reports.ts';
import type { MatchBasis, SanctionBasis } from '../../domain/match-basis.ts';
import type { CertificateSigner } from './certificate-signer.ts';
import { copyEvidenceRef, type EvidenceRef } from '../evidence/evidence.ts';
import { encodeSignature, toLowS, verifyEs256 } from './signature.ts';

export interface CertificateBody {
  /** `vrf_…` */
  verification_id: string;
  /** ISO 8601 timestamp. */
  issued_at: string;
  /** Test-mode certificates are marked as such. */
  mode: 'live' | 'test';
  /**
   * `state` is the full state name; `profession` our profession code and `license_type` the board's own
   * wording of the license (both null when nothing matched or the board gives none).
   */
  provider: {
    name: string | null;
    npi: string | null;
    license_number: string | null;
    state: string;
    profession: Profession | null;
    license_type: string | null;
  };
  result: { verified: boolean; status: string; expiry_date: string | null; disciplinary_flags: boolean; oig_excluded: boolean };
  /** The identity match: as `match_confidence` and `match_basis` of the verification result. */
  match: { confidence: number | null; basis: MatchBasis[] };
  /** Names of the sources that answered (a field of every certificate); their freshness: `sources`. */
  sources_checked: string[];
  /** Every source consulted, as `sources` of the verification result: `live`, `cached` or `unavailable`, and as of when. */
  sources: CertificateSource[];
  /** The sanctions screen: every list checked and every row that matched, as in the verification result. */
  sanctions: CertificateSanctions;
  /** `kid` of the signing key in the JWKS (`GET /v1/signing-keys`). */
  signing_key_id: string;
}

export interface CertificateSanctions {
  sanctioned: boolean;
  lists: { list: string; name: string; status: SourceReportStatus; as_of: string | null; scope?: string; evidence?: EvidenceRef[] }[];
  matches: { list: string; basis: SanctionBasis; name: string; action: string; start_date: string | null; end_date: string | null }[];
}

export interface CertificateSource {
  name: string;
  status: SourceReportStatus;
  /** When the source's data was fetched (ISO 8601); null when it was unavailable. */
  as_of: string | null;
  /** Why the source was unavailable, when it was. */
  reason?: UnavailableReason;
  /**
   * What the source said (evidence/evidence.ts): the SHA-256 of each response a live answer was read
   * from, or of the ingested file. Absent when none was kept, and on certificates issued before.
   */
  evidence?: EvidenceRef[];
}

export interface Certificate extends CertificateBody {
  signature: string;
  certificate_hash: string;
}

/**
 * A certificate as stored, which may have been issued before the body carried the profession, the
 * license type, the match, the sources' freshness and the sanctions screen.
 */
export type IssuedCertificate = Omit<Certificate, 'provider' | 'match' | 'sources' | 'sanctions'> & {
  provider: Omit<Certificate['provider'], 'profession' | 'license_type'> & Partial<Pick<Certificate['provider'], 'profession' | 'license_type'>>;
  match?: Certificate['match'];
  sources?: Certificate['sources'];
  sanctions?: Certificate['sanctions'];
};

export const certificateHashPrefix = 'sha256_';

const utf8 = new TextEncoder();

/** The bytes that are signed: UTF-8 canonical JSON of the certificate without `signature` and `certificate_hash`. */
export function signingInput(certificate: CertificateBody | IssuedCertificate): Uint8Array {
  const { signature: _signature, certificate_hash: _hash, ...body } = certificate as Partial<IssuedCertificate> & CertificateBody;
  return utf8.encode(canonicalJson(body));
}

/** `sha256_` + hex SHA-256 of the UTF-8 canonical JSON of the certificate without `certificate_hash`. */
export function certificateHash(certificate: Omit<IssuedCertificate, 'certificate_hash'>): string {
  const { certificate_hash: _hash, ...rest } = certificate as Partial<IssuedCertificate> & Omit<IssuedCertificate, 'certificate_hash'>;
  return certificateHashPrefix + createHash('sha256').update(canonicalJson(rest), 'utf8').digest('hex');
}

/**
 * Signs a certificate with the signer's current key, which must be the key of the certificate's mode.
 * The signature is checked against the key the signer publishes before the certificate is returned, so
 * a key that does not match its JWKS entry is never used.
 */
export async function issueCertificate(body: Omit<CertificateBody, 'signing_key_id'>, signer: CertificateSigner): Promise<Certificate> {
  if (signer.mode !== body.mode) throw new Error(`A ${body.mode} certificate cannot be signed with the ${signer.mode} signing key`);
  const [keyId, publicKeys] = await Promise.all([signer.keyId(), signer.publicKeys()]);
  const current = publicKeys[0];
  if (!current || current.kid !== keyId) throw new Error('The signer does not publish its current key first in its public keys');

  // Exactly the specified fields, copied, so nothing else is signed and later changes to `body` do not leak in.
  const signed: CertificateBody = {
    verification_id: body.verification_id,
    issued_at: body.issued_at,
    mode: body.mode,
    provider: {
      name: body.provider.name,
      npi: body.provider.npi,
      license_number: body.provider.license_number,
      state: body.provider.state,
      profession: body.provider.profession,
      license_type: body.provider.license_type,
    },
    result: {
      verified: body.result.verified,
      status: body.result.status,
      expiry_date: body.result.expiry_date,
      disciplinary_flags: body.result.disciplinary_flags,
      oig_excluded: body.result.oig_excluded,
    },
    match: { confidence: body.match.confidence, basis: [...body.match.basis] },
    sources_checked: [...body.sources_checked],
    sources: body.sources.map((source) => ({
      name: source.name,
      status: source.status,
      as_of: source.as_of,
      ...(source.reason ? { reason: { ...source.reason } } : {}),
      ...(source.evidence && source.evidence.length > 0 ? { evidence: source.evidence.map(copyEvidenceRef) } : {}),
    })),
    sanctions: {
      sanctioned: body.sanctions.sanctioned,
      lists: body.sanctions.lists.map((l) => ({
        list: l.list,
        name: l.name,
        status: l.status,
        as_of: l.as_of,
        ...(l.scope ? { scope: l.scope } : {}),
        ...(l.evidence && l.evidence.length > 0 ? { evidence: l.evidence.map(copyEvidenceRef) } : {}),
      })),
      matches: body.sanctions.matches.map((m) => ({
        list: m.list,
        basis: m.basis,
        name: m.name,
        action: m.action,
        start_date: m.start_date,
        end_date: m.end_date,
      })),
    },
    signing_key_id: keyId,
  };
  const input = signingInput(signed);
  // Either S verifies with ECDSA; only the low-S form is issued (and accepted), so a certificate has one signature.
  const raw = toLowS(await signer.sign(input));
  if (!verifyEs256(current, input, raw)) throw new Error(`The signature made with key ${keyId} does not verify with its public key`);
  const unhashed = { ...signed, signature: encodeSignature(raw) };
  return { ...unhashed, certificate_hash: certificateHash(unhashed) };
}
