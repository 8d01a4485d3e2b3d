/**
 * The public view of a verification: what the certificate holder already printed, led by what was
 * found (the outcome and its standing), then whether the stored certificate still verifies against the
 * published signing keys. Every fact comes from the signed certificate, never from the unsigned result,
 * so a changed fact shows up as a failed signature. Nothing else is exposed: no account, no key, no
 * request details, no NPI and no identity-match evidence (a DOB is never stored); a sanctions match on a row that
 * names nobody, which the certificate names by its NPI, is shown without a name. The hashes of what each
 * source said (`sources[].evidence`) are shown, never the responses themselves.
 */
import type { IssuedCertificate } from '../certificates/certificate.ts';
import type { Jwks } from '../certificates/jwks.ts';
import { verifyCertificate } from '../certificates/verification.ts';
import { isUnnamedRowName } from '../../domain/unnamed-row.ts';
import { standingOf, type Standing } from './record-outcome.ts';

/** A verification record as the public record page reads it (`adapters/record-store.ts`). */
export interface StoredPublicRecord {
  readonly verification_id: string;
  /** The mode the record was stored under (`live` or `test`). */
  readonly mode: unknown;
  /** The signed certificate as stored; its shape is checked by the view, never trusted. */
  readonly certificate: unknown;
}

export interface PublicRecordSource {
  readonly name: string;
  /** `live`, `cached` or `unavailable`; null on a certificate issued before freshness was signed. */
  readonly status: string | null;
  readonly as_of: string | null;
  /** The evidence the certificate names for the source (`GET /v1/certificate/{id}/evidence` returns it to its owner); absent when none. */
  readonly evidence?: readonly PublicRecordEvidence[];
}

/** One piece of evidence as the record shows it: what it is and its hash. */
export interface PublicRecordEvidence {
  readonly kind: string | null;
  readonly sha256: string | null;
}

export interface PublicRecordSanctions {
  readonly sanctioned: boolean;
  readonly lists: readonly {
    readonly list: string | null;
    readonly name: string | null;
    readonly status: string | null;
    readonly as_of: string | null;
    /** The list file's hash as the certificate names it (its row numbers are not shown). */
    readonly evidence?: readonly PublicRecordEvidence[];
  }[];
  readonly matches: readonly {
    readonly list: string | null;
    readonly basis: string | null;
    /** The name the list publishes; null for a row that names nobody (the certificate names it by its NPI). */
    readonly name: string | null;
    readonly action: string | null;
    readonly start_date: string | null;
    readonly end_date: string | null;
  }[];
}

/** The JSON body of `GET /records/{verification_id}`; the HTML page shows the same facts in the same order. */
export interface PublicRecord {
  /** What was found, first. `standing` is judged from the other facts (record-outcome.ts). */
  readonly result: {
    readonly standing: Standing;
    readonly verified: boolean;
    readonly status: string | null;
    readonly oig_excluded: boolean;
    readonly disciplinary_flags: boolean;
    readonly expiry_date: string | null;
  };
  readonly provider: {
    readonly name: string | null;
    readonly state: string | null;
    readonly profession: string | null;
    readonly license_type: string | null;
  };
  readonly sources: readonly PublicRecordSource[];
  /** The sanctions screen as the certificate states it; null on a certificate issued before it was signed. */
  readonly sanctions: PublicRecordSanctions | null;
  /**
   * True only when the integrity hash and the ES256 signature by `signing_key_id` both check out and the
   * certificate is the one issued for this id (a genuine certificate stored under another id is not).
   */
  readonly signature_valid: boolean;
  readonly verification_id: string;
  readonly issued_at: string | null;
  readonly certificate_hash: string | null;
  readonly signing_key_id: string | null;
  readonly mode: 'live' | 'test';
}

export async function publicRecord(stored: StoredPublicRecord, jwks: Jwks): Promise<PublicRecord> {
  const cert = asObject(stored.certificate);
  const provider = asObject(cert.provider);
  const r = asObject(cert.result);
  const check = await verifyCertificate(cert as unknown as IssuedCertificate, jwks);
  const facts = {
    // Only a literal `true` counts as verified (and as an exclusion or discipline reported).
    verified: r.verified === true,
    status: asString(r.status),
    oig_excluded: r.oig_excluded === true,
    disciplinary_flags: r.disciplinary_flags === true,
    expiry_date: asString(r.expiry_date),
  };
  return {
    result: { standing: standingOf(facts), ...facts },
    provider: {
      name: asString(provider.name),
      state: asString(provider.state),
      profession: asString(provider.profession),
      license_type: asString(provider.license_type),
    },
    sources: recordSources(cert),
    sanctions: recordSanctions(cert.sanctions),
    signature_valid: check.hashValid && check.signatureValid && cert.verification_id === stored.verification_id,
    verification_id: stored.verification_id,
    issued_at: asString(cert.issued_at),
    certificate_hash: asString(cert.certificate_hash),
    signing_key_id: asString(cert.signing_key_id),
    // A record is shown as live only when the stored mode and the signed certificate both say so;
    // anything else is marked as a test.
    mode: stored.mode === 'live' && cert.mode === 'live' ? 'live' : 'test',
  };
}

/** The evidence a certificate names, as kind and hash (`{}` when none). */
function evidenceOf(value: unknown): { evidence?: PublicRecordEvidence[] } {
  const evidence = Array.isArray(value) ? value.map(asObject).map((e) => ({ kind: asString(e.kind), sha256: asString(e.sha256) })) : [];
  return evidence.length > 0 ? { evidence } : {};
}

/** The certificate's sanctions screen, field by field as stated; null when it has none. */
function recordSanctions(value: unknown): PublicRecordSanctions | null {
  if (value === undefined || value === null) return null;
  const s = asObject(value);
  const rows = (v: unknown) => (Array.isArray(v) ? v.map(asObject) : []);
  return {
    sanctioned: s.sanctioned === true,
    lists: rows(s.lists).map((l) => ({
      list: asString(l.list),
      name: asString(l.name),
      status: asString(l.status),
      as_of: asString(l.as_of),
      ...(typeof l.scope === 'string' ? { scope: l.scope } : {}),
      ...evidenceOf(l.evidence),
    })),
    matches: rows(s.matches).map((m) => ({
      list: asString(m.list),
      basis: asString(m.basis),
      name: publicName(asString(m.name)),
      action: asString(m.action),
      start_date: asString(m.start_date),
      end_date: asString(m.end_date),
    })),
  };
}

/** A match's name as the record shows it: none for a row the certificate names by its NPI alone. */
function publicName(name: string | null): string | null {
  return name !== null && isUnnamedRowName(name) ? null : name;
}

/** The certificate's `sources`, or for one issued before they were signed, the names in `sources_checked` with no freshness. */
function recordSources(cert: Record<string, unknown>): PublicRecordSource[] {
  if (Array.isArray(cert.sources)) {
    return cert.sources
      .map(asObject)
      .filter((s) => typeof s.name === 'string')
      .map((s) => {
        return { name: s.name as string, status: asString(s.status), as_of: asString(s.as_of), ...evidenceOf(s.evidence) };
      });
  }
  if (Array.isArray(cert.sources_checked)) {
    return cert.sources_checked.filter((name): name is string => typeof name === 'string').map((name) => ({ name, status: null, as_of: null }));
  }
  return [];
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
