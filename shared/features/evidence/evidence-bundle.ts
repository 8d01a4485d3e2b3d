/**
 * The evidence bundle of a certificate (`GET /v1/certificate/{verification_id}/evidence`): a manifest
 * with one item per piece of evidence the certificate names, source by source, in the certificate's
 * order. A stored response carries its raw bytes (base64) while the bundle's inline bytes stay within
 * `inlineBudgetBytes`, keeping the answer far under Lambda's 6 MB response limit, and always a 15-minute
 * download link, whose download decodes to the raw bytes. An ingested file is named by its hash only: it
 * is archived with the list it was ingested from.
 *
 * Every inlined item is read back and re-hashed before it is served; bytes that do not match the hash
 * the certificate signed are never served as evidence.
 */
import * as z from 'zod';
import { certificateHashSchema, evidenceRefSchema, keyModeSchema, verificationIdSchema } from '../../contract/field-schemas.ts';
import type { EvidenceReader, EvidenceRef } from './evidence.ts';

/** Raw bytes inlined in one bundle at most (4 MiB once base64-encoded). */
export const inlineBudgetBytes = 3 * 1024 * 1024;

export const evidenceItemSchema = evidenceRefSchema
  .extend({
    source: z.string().meta({ description: 'The source the evidence is of, as `sources[].name` of the certificate.' }),
    content_base64: z
      .string()
      .nullable()
      .meta({
        description: `The raw bytes, base64; null for a \`file\`, and for a response once the bundle holds ${inlineBudgetBytes / 1024 / 1024} MiB of inline bytes (use \`download_url\`). SHA-256 of the decoded bytes equals \`sha256\`.`,
      }),
    download_url: z.url().nullable().meta({
      description: 'A link to the raw bytes valid until `download_expires_at` (stored gzip, served with `Content-Encoding: gzip`); null for a `file`.',
    }),
    download_expires_at: z.iso.datetime().nullable(),
  })
  .meta({ title: 'EvidenceItem' });

export const evidenceBundleSchema = z
  .strictObject({
    object: z.literal('evidence_bundle'),
    verification_id: verificationIdSchema,
    mode: keyModeSchema,
    certificate_hash: certificateHashSchema.meta({ description: 'The certificate naming this evidence (`GET /v1/certificate/{verification_id}`).' }),
    items: z.array(evidenceItemSchema).meta({
      description:
        'One item per piece of evidence the certificate names, source by source in its order, then the sanctions lists’ files. Empty for a certificate naming none (test mode, whose sandbox makes no source call, or a certificate issued before evidence was kept).',
    }),
  })
  .meta({ title: 'EvidenceBundle' });

export type EvidenceBundle = z.infer<typeof evidenceBundleSchema>;
export type EvidenceItem = z.infer<typeof evidenceItemSchema>;

/** What of a certificate the bundle is made from. */
export interface CertificateEvidence {
  readonly verification_id: string;
  readonly mode: 'live' | 'test';
  readonly certificate_hash: string;
  readonly sources?: readonly { readonly name: string; readonly evidence?: readonly EvidenceRef[] }[];
  /** The sanctions lists checked, each naming the file it was read from. */
  readonly sanctions?: { readonly lists?: readonly { readonly name: string; readonly evidence?: readonly EvidenceRef[] }[] };
}

/** The bundle of a stored certificate. */
export async function evidenceBundle(certificate: CertificateEvidence, store: EvidenceReader, now: Date): Promise<EvidenceBundle> {
  const named: { source: string; ref: EvidenceRef }[] = [];
  const seen = new Set<string>();
  for (const source of [...(certificate.sources ?? []), ...(certificate.sanctions?.lists ?? [])]) {
    for (const ref of source.evidence ?? []) {
      const key = `${source.name}#${ref.kind}#${ref.sha256}`;
      if (seen.has(key)) continue;
      seen.add(key);
      named.push({ source: source.name, ref });
    }
  }
  let budget = inlineBudgetBytes;
  const items = await Promise.all(
    named.map(async ({ source, ref }): Promise<EvidenceItem> => {
      const { rows, ...fields } = ref;
      const base = { source, ...fields, ...(rows ? { rows: [...rows] } : {}) };
      if (ref.kind !== 'response') return { ...base, content_base64: null, download_url: null, download_expires_at: null };
      const inline = ref.size <= budget;
      if (inline) budget -= ref.size;
      const [stored, link] = await Promise.all([inline ? store.get(ref) : undefined, store.downloadLink(ref, now)]);
      if (inline && !stored) throw new Error(`Evidence ${ref.sha256} named by ${certificate.verification_id} is not stored`);
      return {
        ...base,
        content_base64: stored ? Buffer.from(stored.bytes).toString('base64') : null,
        download_url: link.url,
        download_expires_at: link.expiresAt,
      };
    }),
  );
  return {
    object: 'evidence_bundle',
    verification_id: certificate.verification_id,
    mode: certificate.mode,
    certificate_hash: certificate.certificate_hash,
    items,
  };
}
