/**
 * A KMS endpoint on this machine for asymmetric signing keys: an HTTP server speaking the KMS JSON
 * protocol (AWS JSON 1.1, `X-Amz-Target: TrentService.<Operation>`) for `Sign` and `GetPublicKey`, with
 * ECC_NIST_P256 SIGN_VERIFY keys held as node keys (no KMS emulator exists). The SDK reaches it over
 * real HTTP through `AWS_ENDPOINT_URL_KMS` or a client's `endpoint`, so a call costs what the SDK's
 * own work costs (serialising, SigV4 signing, the connection, parsing) plus the signature itself.
 *
 * Only what certificate signing uses: `Sign` with `ECDSA_SHA_256`, MessageType `RAW` (messages up to
 * 4096 bytes, as KMS takes them) or `DIGEST` (the 32-byte SHA-256 of a longer message, signed as it is:
 * node:crypto signs only what it hashes itself, so the digest is signed here with P-256 arithmetic);
 * anything else is refused as KMS refuses it (ValidationException).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

export interface KmsEndpoint {
  readonly url: string;
  /** Calls answered so far, by operation. */
  readonly calls: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** Starts the endpoint with one P-256 key per id in `keyIds` (any other key id is NotFoundException). */
export async function startKmsEndpoint(keyIds: readonly string[]): Promise<KmsEndpoint> {
  const keys = new Map<string, { privateKey: KeyObject; spki: Buffer }>();
  for (const id of keyIds) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    keys.set(id, { privateKey, spki: publicKey.export({ format: 'der', type: 'spki' }) });
  }
  const calls = new Map<string, number>();
  const arn = (id: string) => (id.startsWith('arn:') ? id : `arn:aws:kms:us-east-1:000000000000:key/${id}`);

  const answer = (operation: string, input: Record<string, unknown>): { status: number; body: object } => {
    const key = keys.get(String(input.KeyId ?? ''));
    if (!key) return { status: 400, body: { __type: 'NotFoundException', message: `Key '${String(input.KeyId)}' does not exist` } };
    if (operation === 'GetPublicKey') {
      return {
        status: 200,
        body: {
          KeyId: arn(String(input.KeyId)),
          PublicKey: key.spki.toString('base64'),
          KeySpec: 'ECC_NIST_P256',
          CustomerMasterKeySpec: 'ECC_NIST_P256',
          KeyUsage: 'SIGN_VERIFY',
          SigningAlgorithms: ['ECDSA_SHA_256'],
        },
      };
    }
    if (operation === 'Sign') {
      const message = Buffer.from(String(input.Message ?? ''), 'base64');
      const type = input.MessageType ?? 'RAW';
      const fits = type === 'RAW' ? message.length > 0 && message.length <= 4096 : type === 'DIGEST' && message.length === 32;
      if (input.SigningAlgorithm !== 'ECDSA_SHA_256' || !fits) {
        return { status: 400, body: { __type: 'ValidationException', message: 'unsupported Sign request' } };
      }
      // A DER ECDSA-Sig-Value, as KMS returns it.
      const signature = type === 'RAW' ? sign('sha256', message, { key: key.privateKey, dsaEncoding: 'der' }) : signDigest(key.privateKey, message);
      return { status: 200, body: { KeyId: arn(String(input.KeyId)), Signature: signature.toString('base64'), SigningAlgorithm: 'ECDSA_SHA_256' } };
    }
    return { status: 400, body: { __type: 'UnsupportedOperationException', message: `${operation} is not answered here` } };
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const operation = String(req.headers['x-amz-target'] ?? '').replace(/^TrentService\./, '');
      calls.set(operation, (calls.get(operation) ?? 0) + 1);
      let input: Record<string, unknown> = {};
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // answered as an unknown key below
      }
      const { status, body } = answer(operation, input);
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': `kms-${Date.now()}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** P-256 (secp256r1). */
const curve = {
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  g: [0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n, 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n] as const,
};
/** A point in Jacobian coordinates (x = X/Z², y = Y/Z³); Z = 0 is the point at infinity. */
type Jacobian = readonly [bigint, bigint, bigint];

const mod = (a: bigint, m: bigint) => ((a % m) + m) % m;
function inverse(a: bigint, m: bigint): bigint {
  let [r0, r1, t0, t1] = [mod(a, m), m, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
  }
  return mod(t0, m);
}
/** 2P on a curve with a = -3 (dbl-2001-b). */
function double([x, y, z]: Jacobian): Jacobian {
  const { p } = curve;
  if (z === 0n || y === 0n) return [1n, 1n, 0n];
  const delta = (z * z) % p;
  const gamma = (y * y) % p;
  const beta = (x * gamma) % p;
  const alpha = mod(3n * (x - delta) * (x + delta), p);
  const x3 = mod(alpha * alpha - 8n * beta, p);
  const z3 = mod((y + z) * (y + z) - gamma - delta, p);
  const y3 = mod(alpha * (4n * beta - x3) - 8n * gamma * gamma, p);
  return [x3, y3, z3];
}
/** P + Q for an affine Q (madd-2007-bl). */
function addAffine(a: Jacobian, [x2, y2]: readonly [bigint, bigint]): Jacobian {
  const { p } = curve;
  const [x1, y1, z1] = a;
  if (z1 === 0n) return [x2, y2, 1n];
  const z1z1 = (z1 * z1) % p;
  const h = mod(x2 * z1z1 - x1, p);
  const r = mod(2n * (y2 * z1 * z1z1 - y1), p);
  if (h === 0n) return r === 0n ? double(a) : [1n, 1n, 0n];
  const hh = (h * h) % p;
  const i = (4n * hh) % p;
  const j = (h * i) % p;
  const v = (x1 * i) % p;
  const x3 = mod(r * r - j - 2n * v, p);
  const y3 = mod(r * (v - x3) - 2n * y1 * j, p);
  const z3 = mod((z1 + h) * (z1 + h) - z1z1 - hh, p);
  return [x3, y3, z3];
}
/** The affine x of kG. */
function baseTimesX(k: bigint): bigint {
  let out: Jacobian = [1n, 1n, 0n];
  for (let bit = BigInt(k.toString(2).length - 1); bit >= 0n; bit--) {
    out = double(out);
    if ((k >> bit) & 1n) out = addAffine(out, curve.g);
  }
  const zInverse = inverse(out[2], curve.p);
  return mod(out[0] * zInverse * zInverse, curve.p);
}
const integer = (n: bigint) => {
  let bytes = Buffer.from(n.toString(16).padStart(2 * Math.ceil(n.toString(16).length / 2), '0'), 'hex');
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
};

/** An ECDSA P-256 signature (DER, low S) of a 32-byte digest, as KMS signs MessageType DIGEST. */
function signDigest(privateKey: KeyObject, digest: Buffer): Buffer {
  const { n } = curve;
  const d = BigInt(`0x${Buffer.from(String(privateKey.export({ format: 'jwk' }).d), 'base64url').toString('hex')}`);
  const z = BigInt(`0x${digest.toString('hex')}`);
  for (;;) {
    const k = mod(BigInt(`0x${randomBytes(32).toString('hex')}`), n);
    if (k === 0n) continue;
    const r = mod(baseTimesX(k), n);
    if (r === 0n) continue;
    let s = mod(inverse(k, n) * (z + r * d), n);
    if (s === 0n) continue;
    if (s > n / 2n) s = n - s;
    const body = Buffer.concat([integer(r), integer(s)]);
    return Buffer.concat([Buffer.from([0x30, body.length]), body]);
  }
}
