/**
 * Evidence of what a source said: for a live answer, the raw bytes of every HTTP response it was read
 * from (kind `response`), stored gzip-compressed and addressed by the SHA-256 of the raw bytes
 * (adapters/evidence-store.ts); for an ingested list, the SHA-256 of the archived file the answer was read from
 * (kind `file`), with the rows matched when the list names them. A certificate names the evidence of
 * each source in `sources[].evidence`, and `GET /v1/certificate/{verification_id}/evidence` returns it.
 */
import { createHash } from 'node:crypto';

/** One piece of evidence a source report names. */
export interface EvidenceRef {
  /** `response`: an HTTP response of the source, stored by this service; `file`: the ingested file a list answer was read from. */
  readonly kind: 'response' | 'file';
  /** Lowercase hex SHA-256 of the raw bytes (the response body as received, or the file as downloaded). */
  readonly sha256: string;
  /** When the response was received, or when the file was ingested (ISO 8601). */
  readonly fetched_at: string;
  /** Media type the source gave the bytes (`application/json`, `text/csv`, …). */
  readonly content_type: string;
  /** Size of the raw bytes. */
  readonly size: number;
  /** For a file: the numbers of the rows that matched, when the list names them. */
  readonly rows?: readonly number[];
}

/** An HTTP response of a source, as received, before it is stored. */
export interface CapturedResponse {
  /** The source name the request was made for (`fetchSource`'s `source`). */
  readonly source: string;
  readonly status: number;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly fetchedAt: Date;
}

export const sha256Pattern = /^[0-9a-f]{64}$/;

/** A copy of `ref` with exactly its fields (nothing else is signed). */
export function copyEvidenceRef(ref: EvidenceRef): EvidenceRef {
  return {
    kind: ref.kind,
    sha256: ref.sha256,
    fetched_at: ref.fetched_at,
    content_type: ref.content_type,
    size: ref.size,
    ...(ref.rows ? { rows: [...ref.rows] } : {}),
  };
}

/** `refs` without repeats (the same bytes answered twice are one piece of evidence), in first-seen order. */
export function distinctEvidence(refs: readonly EvidenceRef[]): EvidenceRef[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = `${ref.kind}#${ref.sha256}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The media type of an ingested file, from its name. */
export function fileContentType(fileName: string): string {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const types: Record<string, string> = {
    csv: 'text/csv',
    txt: 'text/plain',
    zip: 'application/zip',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    xls: 'application/vnd.ms-excel',
    pdf: 'application/pdf',
    jsonl: 'application/jsonl',
  };
  return types[extension] ?? 'application/octet-stream';
}

/** Where a response of these bytes, received at `fetchedAt`, is stored. */
export function evidenceObjectKey(sha256: string, fetchedAt: string): string {
  return `responses/${fetchedAt.slice(0, 4)}/${sha256}.gz`;
}

/** How long a download link of the evidence route stays valid. */
export const evidenceLinkSeconds = 15 * 60;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface StoredEvidence {
  /** The raw bytes, decompressed and checked against their hash. */
  readonly bytes: Uint8Array;
}

/** What evidence a verification keeps: the live store, or none (unit tests, the sandbox). */
export interface EvidenceKeeper {
  /** Starts storing each response (those of one answer) and returns what names them. */
  keep(responses: readonly CapturedResponse[]): EvidenceRef[];
  /** Resolves once every `response` of `refs` written here is stored; rejects if a write failed. */
  stored(refs: readonly EvidenceRef[]): Promise<void>;
}

/** Reads stored evidence back: its bytes, and a download link valid `evidenceLinkSeconds`. */
export interface EvidenceReader {
  /** The raw bytes of a stored response, or undefined when none is stored under this hash and time. */
  get(ref: Pick<EvidenceRef, 'sha256' | 'fetched_at'>): Promise<StoredEvidence | undefined>;
  downloadLink(ref: EvidenceRef, now: Date): Promise<{ url: string; expiresAt: string }>;
}
