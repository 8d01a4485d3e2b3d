// node check-certificate.mjs certificate.json signing-keys.json
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

// Canonical JSON (RFC 8785) for a certificate's strings, booleans, nulls, arrays, objects and its one
// number (`match.confidence`, two decimals at most, written the same by JSON.stringify, Python and jq).
const canonical = (v) =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]`
  : v !== null && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`
  : JSON.stringify(v);

const cert = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const jwks = JSON.parse(readFileSync(process.argv[3], 'utf8'));

const { certificate_hash, ...unhashed } = cert;
const hashOk = 'sha256_' + createHash('sha256').update(canonical(unhashed), 'utf8').digest('hex') === certificate_hash;

const { signature, ...signed } = unhashed;
const n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n; // the order of P-256
// From 2026-12-01 on, a certificate is signed by a key of its own mode, in low-S form (s ≤ n/2) only:
// (r, n − s) would also pass an ECDSA check, so it is refused. Certificates issued before that keep the
// older rules: one key (now published as live) signed both modes, and signatures were not normalised,
// so a live key may have signed a test certificate and a high-S signature is taken in its low-S form.
// A test key never verifies a live certificate.
const legacy = typeof cert.issued_at === 'string' && cert.issued_at < '2026-12-01T00:00:00.000Z';
const jwk = jwks.keys.find((k) => k.kid === cert.signing_key_id);
const modeOk = jwk !== undefined && (jwk.mode === cert.mode || (legacy && jwk.mode === 'live' && cert.mode === 'test'));
let raw = Buffer.from(signature.replace(/^vrf_sig_/, ''), 'base64url');
const s = () => BigInt('0x' + (raw.subarray(32).toString('hex') || '0'));
if (legacy && raw.length === 64 && s() > n / 2n) {
  raw = Buffer.concat([raw.subarray(0, 32), Buffer.from((n - s()).toString(16).padStart(64, '0'), 'hex')]);
}
const lowS = raw.length === 64 && s() <= n / 2n;
const signatureOk = modeOk && lowS && verify(
  'sha256',
  Buffer.from(canonical(signed), 'utf8'),
  { key: createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
  raw,
);
console.log({ hashOk, signatureOk, mode: cert.mode });
process.exitCode = hashOk && signatureOk ? 0 : 1; // for scripts: 0 only for a genuine certificate
