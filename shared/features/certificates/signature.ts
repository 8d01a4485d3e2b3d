/**
 * ECDSA signature encodings.
 *
 * - Raw form (IEEE P1363, also the JWS/JWA ES256 form of RFC 7518 §3.4): r || s, each an unsigned
 *   big-endian integer left-padded to the curve's size (32 bytes for P-256, so 64 bytes in all).
 * - DER form (RFC 3279 §2.2.3, X9.62 `ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }`), what AWS
 *   KMS returns. Integers are minimal two's-complement: no redundant leading 0x00, and a 0x00 in front
 *   when the first byte has its high bit set.
 * - Certificate form: `vrf_sig_` + unpadded base64url (RFC 4648 §5) of the raw form.
 *
 * ECDSA is malleable: if (r, s) is a valid signature, so is (r, n − s). Certificates carry only the
 * low-S form (s ≤ n/2, as in Bitcoin's BIP 62 and Ethereum's EIP-2): `issueCertificate` passes every
 * signer's output through `toLowS`, and `verifyEs256` refuses a high-S signature, so each certificate has exactly one valid
 * signature and no second, different one can be derived from it.
 */
import { createPublicKey, verify } from 'node:crypto';
import type { Jwk } from './jwk.ts';

/** Size in bytes of one P-256 scalar (r or s). */
export const p256ScalarBytes = 32;
export const signaturePrefix = 'vrf_sig_';

/** The order n of the P-256 base point (FIPS 186-4 / SEC 2 `secp256r1`). */
export const p256Order = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const p256HalfOrder = p256Order >> 1n;

const sequenceTag = 0x30;
const integerTag = 0x02;

/** Converts a DER `ECDSA-Sig-Value` to raw r||s; strict DER, throws on anything else. */
export function derToRaw(der: Uint8Array, scalarBytes: number = p256ScalarBytes): Uint8Array {
  let offset = 0;
  const byte = (): number => {
    if (offset >= der.length) throw new Error('Truncated DER ECDSA signature');
    return der[offset++]!;
  };
  const length = (): number => {
    const first = byte();
    if (first < 0x80) return first;
    // Long form: only one length byte is ever needed for ECDSA signatures (at most 2 × 67 + 6 bytes).
    if (first !== 0x81) throw new Error('Unsupported DER length encoding in ECDSA signature');
    const value = byte();
    if (value < 0x80) throw new Error('Non-minimal DER length in ECDSA signature');
    return value;
  };
  const integer = (): Uint8Array => {
    if (byte() !== integerTag) throw new Error('Expected a DER INTEGER in ECDSA signature');
    const len = length();
    if (len === 0 || offset + len > der.length) throw new Error('Bad DER INTEGER length in ECDSA signature');
    let bytes = der.subarray(offset, offset + len);
    offset += len;
    if (bytes[0]! & 0x80) throw new Error('Negative DER INTEGER in ECDSA signature');
    if (bytes[0] === 0 && bytes.length > 1) {
      if (!(bytes[1]! & 0x80)) throw new Error('Non-minimal DER INTEGER in ECDSA signature');
      bytes = bytes.subarray(1);
    }
    if (bytes.length > scalarBytes) throw new Error('DER INTEGER too large for the curve in ECDSA signature');
    return bytes;
  };

  if (byte() !== sequenceTag) throw new Error('Expected a DER SEQUENCE for an ECDSA signature');
  const seqLen = length();
  if (offset + seqLen !== der.length) throw new Error('DER SEQUENCE length does not match the ECDSA signature size');
  const r = integer();
  const s = integer();
  if (offset !== der.length) throw new Error('Trailing bytes in DER ECDSA signature');

  const raw = new Uint8Array(2 * scalarBytes);
  raw.set(r, scalarBytes - r.length);
  raw.set(s, 2 * scalarBytes - s.length);
  return raw;
}

/** Converts raw r||s to a DER `ECDSA-Sig-Value`. */
export function rawToDer(raw: Uint8Array): Uint8Array {
  if (raw.length === 0 || raw.length % 2 !== 0) throw new Error('Raw ECDSA signature must be r||s of equal halves');
  const half = raw.length / 2;
  const integer = (scalar: Uint8Array): number[] => {
    let start = 0;
    while (start < scalar.length - 1 && scalar[start] === 0) start++;
    const body = [...scalar.subarray(start)];
    if (body[0]! & 0x80) body.unshift(0);
    return [integerTag, ...derLength(body.length), ...body];
  };
  const content = [...integer(raw.subarray(0, half)), ...integer(raw.subarray(half))];
  return Uint8Array.from([sequenceTag, ...derLength(content.length), ...content]);
}

function derLength(n: number): number[] {
  if (n < 0x80) return [n];
  if (n <= 0xff) return [0x81, n];
  throw new Error('DER length too large for an ECDSA signature');
}

function scalarOf(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

function scalarBytes(value: bigint, size: number): Uint8Array {
  return new Uint8Array(Buffer.from(value.toString(16).padStart(2 * size, '0'), 'hex'));
}

/** Whether a raw P-256 r||s has s ≤ n/2 (the one form certificates carry). */
export function isLowS(raw: Uint8Array): boolean {
  if (raw.length !== 2 * p256ScalarBytes) return false;
  return scalarOf(raw.subarray(p256ScalarBytes)) <= p256HalfOrder;
}

/**
 * The low-S form of a raw P-256 r||s: s replaced by n − s when s > n/2 (both verify; node:crypto and
 * KMS return either). `issueCertificate` passes every signature through it, whichever signer made it.
 */
export function toLowS(raw: Uint8Array): Uint8Array {
  if (raw.length !== 2 * p256ScalarBytes) throw new Error(`An ES256 signature is ${2 * p256ScalarBytes} bytes, got ${raw.length}`);
  if (isLowS(raw)) return raw;
  const s = scalarOf(raw.subarray(p256ScalarBytes));
  const out = new Uint8Array(raw);
  out.set(scalarBytes(p256Order - s, p256ScalarBytes), p256ScalarBytes);
  return out;
}

/** `vrf_sig_` + base64url(raw r||s). */
export function encodeSignature(raw: Uint8Array): string {
  if (raw.length !== 2 * p256ScalarBytes) throw new Error(`An ES256 signature is ${2 * p256ScalarBytes} bytes, got ${raw.length}`);
  return signaturePrefix + Buffer.from(raw).toString('base64url');
}

/** Raw r||s from the certificate form, or undefined unless it is exactly the canonical encoding of 64 bytes. */
export function decodeSignature(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || !value.startsWith(signaturePrefix)) return undefined;
  const encoded = value.slice(signaturePrefix.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  const raw = Buffer.from(encoded, 'base64url');
  // Node's decoder is lenient; accept only the one canonical spelling (no stray bits, no padding).
  if (raw.length !== 2 * p256ScalarBytes || raw.toString('base64url') !== encoded) return undefined;
  return new Uint8Array(raw);
}

/**
 * Verifies an ES256 signature (ECDSA P-256 with SHA-256, raw r||s) with a public JWK; false on any
 * malformed input and on a high-S signature (s > n/2), which OpenSSL alone would accept.
 */
export function verifyEs256(jwk: Jwk, data: Uint8Array, raw: Uint8Array): boolean {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || raw.length !== 2 * p256ScalarBytes || !isLowS(raw)) return false;
  try {
    const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
    return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, raw);
  } catch {
    return false;
  }
}
