/**
 * The certificate signature's round trip: the KMS signer (shared/features/certificates/adapters/kms-signer.ts) through the
 * SDK to the local KMS endpoint over HTTP (test/support/kms-endpoint.ts), warm and from a new client,
 * beside the local key signer the local stack uses instead and the bare ES256 signature both make.
 */
import { KMSClient } from '@aws-sdk/client-kms';
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KmsSigner } from '#shared/features/certificates/adapters/kms-signer.ts';
import { ensureLocalSigningKey, LocalKeySigner } from '#shared/features/certificates/local-key-signer.ts';
import { startKmsEndpoint } from '../support/kms-endpoint.ts';
import { fmt, median, percentile, summarise, type Benchmark } from './harness.ts';

const runs = 3;
const perRun = 300;
const coldClients = 20;
/** About the size of a certificate's signing input (header and payload, base64url). */
const messageBytes = 2048;

async function timeEach(count: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return out;
}

export const kmsSignBenchmark: Benchmark = {
  id: 'kms-sign',
  title: 'Certificate signing: the KMS Sign round trip against the local KMS endpoint',
  async run() {
    const keyId = 'certificate-signing-live';
    const endpoint = await startKmsEndpoint([keyId]);
    const dir = await mkdtemp(join(tmpdir(), 'kms-sign-bench-'));
    const clientOptions = { endpoint: endpoint.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
    const client = new KMSClient({ ...clientOptions, maxAttempts: 3 });
    try {
      const kms = new KmsSigner({ mode: 'live', keyId, client });
      const keyFile = join(dir, 'signing-key.pem');
      await ensureLocalSigningKey(keyFile);
      const local = new LocalKeySigner(keyFile, 'live');
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
      const message = new Uint8Array(randomBytes(messageBytes));
      // Warm-up: connection open, the JIT, the key file read.
      for (let i = 0; i < 50; i++) {
        await kms.sign(message);
        await local.sign(message);
      }
      await kms.keyId();

      const p50 = { kms: [] as number[], local: [] as number[], bare: [] as number[] };
      const p99 = { kms: [] as number[], local: [] as number[] };
      for (let r = 0; r < runs; r++) {
        const k = await timeEach(perRun, () => kms.sign(message));
        const l = await timeEach(perRun, () => local.sign(message));
        const b = await timeEach(perRun, async () => sign('sha256', message, { key: privateKey, dsaEncoding: 'der' }));
        p50.kms.push(percentile(k, 50));
        p99.kms.push(percentile(k, 99));
        p50.local.push(percentile(l, 50));
        p99.local.push(percentile(l, 99));
        p50.bare.push(percentile(b, 50));
      }
      // A container's first signature: a new client (credentials, endpoint, a new connection) and its first Sign.
      const firstSign = await timeEach(coldClients, async () => {
        const fresh = new KMSClient(clientOptions);
        try {
          await new KmsSigner({ mode: 'live', keyId, client: fresh }).sign(message);
        } finally {
          fresh.destroy();
        }
      });
      const firstPublicKey = await timeEach(coldClients, async () => {
        const fresh = new KMSClient(clientOptions);
        try {
          await new KmsSigner({ mode: 'live', keyId, client: fresh }).keyId();
        } finally {
          fresh.destroy();
        }
      });
      const sdkShare = median(p50.kms) - median(p50.bare);
      return {
        intro:
          `The KMS signer signs a ${messageBytes}-byte message (about a certificate's signing input) through the SDK's KMS client to a KMS endpoint on this machine (test/support/kms-endpoint.ts: the KMS JSON protocol over HTTP, ECDSA P-256 with node:crypto), ${perRun} signatures a run one after another, ${runs} runs; the local key signer (what the local stack signs with) and a bare node:crypto ES256 signature alongside. ` +
          "A container's first signature creates its client (credentials, endpoint, a new connection) first. " +
          `Here the round trip is the SDK's own work (serialising, SigV4, HTTP on loopback, parsing: about ${fmt(sdkShare)} ms beyond the signature) plus the signature; on AWS the network round trip to KMS and KMS's own signing replace the loopback and the local signature, and the SDK's share stays. ` +
          'Every verification makes exactly one Sign (see dynamo-calls); the public key is fetched once per container and remembered.',
        figures: [
          summarise('KMS signer Sign round trip, p50', 'ms', p50.kms),
          summarise('KMS signer Sign round trip, p99', 'ms', p99.kms),
          summarise("A new client's first Sign (container's first signature)", 'ms', firstSign),
          summarise("A new client's first GetPublicKey (container's first key id)", 'ms', firstPublicKey),
          summarise('Local key signer (the local stack), p50', 'ms', p50.local),
          summarise('Local key signer, p99', 'ms', p99.local),
          summarise('Bare ES256 signature (node:crypto), p50', 'ms', p50.bare),
        ],
      };
    } finally {
      client.destroy();
      await endpoint.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
