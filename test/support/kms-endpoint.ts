/**
 * A KMS endpoint on this machine for asymmetric signing keys: an HTTP server speaking the KMS JSON
 * protocol (AWS JSON 1.1, `X-Amz-Target: TrentService.<Operation>`) for `Sign` and `GetPublicKey`, with
 * ECC_NIST_P256 SIGN_VERIFY keys held as node keys (no KMS emulator exists). The SDK reaches it over
 * real HTTP through `AWS_ENDPOINT_URL_KMS` or a client's `endpoint`, so a call costs what the SDK's
 * own work costs (serialising, SigV4 signing, the connection, parsing) plus the signature itself.
 *
 * Only what certificate signing uses: `Sign` with `ECDSA_SHA_256` and MessageType `RAW` (messages up to
 * 4096 bytes, as KMS takes them); anything else is refused as KMS refuses it (ValidationException).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

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
      if ((input.MessageType ?? 'RAW') !== 'RAW' || input.SigningAlgorithm !== 'ECDSA_SHA_256' || message.length === 0 || message.length > 4096) {
        return { status: 400, body: { __type: 'ValidationException', message: 'unsupported Sign request' } };
      }
      // A DER ECDSA-Sig-Value, as KMS returns it.
      const signature = sign('sha256', message, { key: key.privateKey, dsaEncoding: 'der' });
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
