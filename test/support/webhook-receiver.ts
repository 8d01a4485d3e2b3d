/**
 * A local webhook receiver for tests: records every POST and answers with the status a test chooses;
 * and the checks a real receiver makes, written here from the documentation rather than imported from
 * the service: the spec's `Service-Signature` and the Standard Webhooks signature with its 5-minute
 * timestamp window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestStack } from './stack.ts';

export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface WebhookReceiver {
  readonly url: string;
  /** Every request received, in order. */
  readonly received: ReceivedWebhook[];
  /** Those carrying this event id. */
  postsFor(eventId: string): ReceivedWebhook[];
  /** The status to answer (default 200) and how long to wait before answering (default 0). */
  answer: { status: number; afterMs: number };
  close(): Promise<void>;
}

/** `decide`, when given, chooses each answer's status from the request (e.g. by verifying its signature). */
export async function startWebhookReceiver(path = '/hook', decide?: (received: ReceivedWebhook) => number): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answer = { status: 200, afterMs: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const request = { headers: req.headers, body };
      received.push(request);
      const { afterMs } = answer;
      const status = decide ? decide(request) : answer.status;
      setTimeout(() => res.writeHead(status).end(), afterMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    postsFor: (eventId) => received.filter((r) => r.headers['service-event-id'] === eventId),
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

const equalBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * The spec's check: the header is the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret,
 * compared in constant time.
 */
export function serviceSignatureValid(received: ReceivedWebhook, secret: string): boolean {
  const value = header(received.headers, 'service-signature');
  if (value === undefined) return false;
  const expected = createHmac('sha256', secret).update(received.body, 'utf8').digest();
  // As the spec has it: the whole header is the one signature.
  return /^[0-9a-f]{64}$/.test(value) && equalBytes(Buffer.from(value, 'hex'), expected);
}

export type StandardCheck = 'valid' | 'missing' | 'stale' | 'future' | 'bad_signature';

/**
 * The Standard Webhooks check: key = base64 part of `whsec_` + base64(secret) (the documented form),
 * timestamp within 5 minutes of `now`, then `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`.
 */
export function standardSignatureCheck(received: ReceivedWebhook, secret: string, now: Date = new Date()): StandardCheck {
  const id = header(received.headers, 'webhook-id');
  const timestamp = header(received.headers, 'webhook-timestamp');
  const signatures = header(received.headers, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return 'missing';
  const age = Math.floor(now.getTime() / 1000) - Number(timestamp);
  if (age > 300) return 'stale';
  if (age < -300) return 'future';
  const whsec = `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
  const key = Buffer.from(whsec.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`, 'utf8').digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    return version === 'v1' && value !== undefined && equalBytes(Buffer.from(value, 'base64'), expected);
  });
  return matches ? 'valid' : 'bad_signature';
}

/**
 * Creates a monitor of `key`'s account and mode whose webhooks go to `receiver`, signed with `secret`,
 * for a reserved test name (`test-active` unless told); its id.
 */
export async function monitorOn(
  stack: Pick<TestStack, 'call'>,
  key: string,
  receiver: Pick<WebhookReceiver, 'url'>,
  secret: string,
  person: { readonly first_name: string; readonly last_name: string } = { first_name: 'Tess', last_name: 'test-active' },
): Promise<string> {
  const res = await stack.call('/v1/monitor', {
    method: 'POST',
    key,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, state: 'WA', webhook_url: receiver.url, webhook_secret: secret }),
  });
  expect(res.status).toBe(200);
  return res.body.monitor_id as string;
}
