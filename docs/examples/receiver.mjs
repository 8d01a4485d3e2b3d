// WEBHOOK_SECRET=… PORT=8080 node receiver.mjs
// While rotating the secret, also WEBHOOK_SECRET_NEXT=… (the new one): a signature by either secret is accepted.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secrets = [process.env.WEBHOOK_SECRET, process.env.WEBHOOK_SECRET_NEXT].filter(Boolean);
const toleranceSeconds = 5 * 60;

const equal = (a, b) => a.length === b.length && timingSafeEqual(a, b);

/** The spec's signature: the header is the lowercase hex HMAC-SHA256 of the raw body, by one of your secrets. */
function validServiceSignature(rawBody, header) {
  const received = Buffer.from(String(header ?? ''));
  return secrets.some((secret) => equal(received, Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'))));
}

/** Standard Webhooks: any `v1,` entry, HMAC-SHA256 of `id.timestamp.body` by one of your secrets; refused if the timestamp is over 5 minutes off. */
function validStandardSignature(rawBody, headers) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(timestamp ?? '')) return false;
  if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > toleranceSeconds) return false; // a replay, or a bad clock
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${id}.${timestamp}.`).update(rawBody).digest();
    return signatures.some((entry) => {
      const [version, value] = entry.split(',');
      return version === 'v1' && value !== undefined && equal(Buffer.from(value, 'base64'), expected);
    });
  });
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const raw = Buffer.concat(chunks); // the exact bytes that were signed
    if (!validServiceSignature(raw, req.headers['service-signature']) || !validStandardSignature(raw, req.headers)) {
      console.error('refused: a signature or the timestamp did not verify');
      return res.writeHead(401).end();
    }
    res.writeHead(200).end(); // acknowledge first, then process
    const event = JSON.parse(raw);
    // Your processing goes here (de-duplicate on event_id); this example prints one JSON line per event.
    console.log(JSON.stringify({ received: event.event, event_id: event.event_id, change: event.change ?? null }));
  });
}).listen(Number(process.env.PORT ?? 8080), '127.0.0.1', function () {
  console.log(JSON.stringify({ listening: this.address().port })); // PORT=0 picks a free port
});
