/** A local webhook receiver for tests: records every POST and answers with the status a test chooses. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answer = { status: 200, afterMs: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const { status, afterMs } = answer;
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
