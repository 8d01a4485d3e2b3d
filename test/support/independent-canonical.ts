/**
 * RFC 8785 (JSON Canonicalization Scheme) for a certificate's values, written from the public guide
 * rather than taken from the service or the client, so that a test recomputing a certificate hash with
 * it checks the service against the definition customers use, not against itself.
 */
import { createHash } from 'node:crypto';

export const independentCanonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(independentCanonical).join(',')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${independentCanonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/** `sha256_<hex>` of a value's canonical form: a certificate's hash as the guide defines it. */
export const independentHash = (v: unknown): string => `sha256_${createHash('sha256').update(independentCanonical(v), 'utf8').digest('hex')}`;
