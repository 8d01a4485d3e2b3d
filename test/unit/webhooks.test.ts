import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { classifyRequestError, publicDeliveryError } from '#shared/features/webhooks/delivery-errors.ts';
import { blockedRange, isLoopback } from '#shared/platform/net/ip-ranges.ts';
import { isDue, maxSqsDelaySeconds, nextAttemptAt, retryDelaysMs, sqsHopDelaySeconds } from '#shared/features/webhooks/retry-schedule.ts';
import {
  signStandardWebhook,
  signWebhookBody,
  standardWebhooksSecret,
  verifyStandardWebhook,
  verifyWebhookSignature,
} from '#shared/features/webhooks/webhook-signature.ts';
import { checkWebhookUrl, resolveTimeoutMs, webhookPorts, type Resolve } from '#shared/features/webhooks/webhook-url-guard.ts';
import { webhookLoopbackAllowedFromEnv } from '#shared/platform/config.ts';

/** Independent HMAC-SHA256: Python's hmac module over the UTF-8 bytes, passed through stdin as JSON. */
function pythonHmac(body: string, secret: string): string {
  const script = [
    'import hashlib, hmac, json, sys',
    'data = json.loads(sys.stdin.read())',
    "print(hmac.new(data['secret'].encode('utf-8'), data['body'].encode('utf-8'), hashlib.sha256).hexdigest())",
  ].join('\n');
  return execFileSync('python3', ['-c', script], { input: JSON.stringify({ body, secret }), encoding: 'utf8' }).trim();
}

/**
 * Independent Standard Webhooks signature, as its reference implementation computes it: the key is the
 * base64 part of a `whsec_` secret, decoded; the signed content is `id.timestamp.body`.
 */
function pythonStandardSignature(id: string, timestamp: number, body: string, whsec: string): string {
  const script = [
    'import base64, hashlib, hmac, json, sys',
    'd = json.loads(sys.stdin.read())',
    "key = base64.b64decode(d['whsec'][len('whsec_'):])",
    "msg = f\"{d['id']}.{d['ts']}.{d['body']}\".encode('utf-8')",
    "print('v1,' + base64.b64encode(hmac.new(key, msg, hashlib.sha256).digest()).decode())",
  ].join('\n');
  return execFileSync('python3', ['-c', script], { input: JSON.stringify({ id, ts: timestamp, body, whsec }), encoding: 'utf8' }).trim();
}

describe('webhook signature', () => {
  const secret = 'whsec_0123456789abcdef';
  const bodies = [
    '{"event_id":"evt_1","type":"license.status_changed","change":{"from":"active","to":"suspended"}}',
    '{"provider":{"name":"José Müller-Øberg","city":"Zürich"},"note":"日本語 ✓ 🩺"}',
    '',
    '{ "spaced" : true ,\n  "order": [2, 1] }',
  ];

  it.each(bodies)('matches an independent HMAC-SHA256 implementation (%#)', (body) => {
    const signature = signWebhookBody(body, secret);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toBe(pythonHmac(body, secret));
  });

  it('matches a known answer (RFC 4231 test case 2)', () => {
    expect(signWebhookBody('what do ya want for nothing?', 'Jefe')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('keys with a non-ASCII secret by its UTF-8 bytes', () => {
    expect(signWebhookBody('{"a":1}', 'sécret-ünïcode-🔑')).toBe(pythonHmac('{"a":1}', 'sécret-ünïcode-🔑'));
  });

  it('verifies the exact body and refuses any change, another secret or a malformed header', () => {
    const body = bodies[1]!;
    const signature = signWebhookBody(body, secret);
    expect(verifyWebhookSignature(body, secret, signature)).toBe(true);
    expect(verifyWebhookSignature(`${body} `, secret, signature)).toBe(false);
    expect(verifyWebhookSignature(body, `${secret}x`, signature)).toBe(false);
    expect(verifyWebhookSignature(body, secret, signature.slice(0, 63))).toBe(false);
    expect(verifyWebhookSignature(body, secret, `${signature}00`)).toBe(false);
    expect(verifyWebhookSignature(body, secret, signature.toUpperCase())).toBe(false);
    expect(verifyWebhookSignature(body, secret, '')).toBe(false);
    expect(verifyWebhookSignature(body, secret, undefined)).toBe(false);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(verifyWebhookSignature(body, secret, flipped)).toBe(false);
  });
});

describe('Standard Webhooks signature', () => {
  const secret = 'a-very-secret-value-123';
  const body = '{"event_id":"evt_1","provider":{"name":"José Müller-Øberg"},"note":"日本語 ✓ 🩺"}';
  const ts = 1_772_366_400;

  it('gives the whsec_ form of the secret: base64 of its UTF-8 bytes', () => {
    expect(standardWebhooksSecret(secret)).toBe(`whsec_${Buffer.from(secret).toString('base64')}`);
    expect(Buffer.from(standardWebhooksSecret('sécret-🔑').slice(6), 'base64').toString('utf8')).toBe('sécret-🔑');
  });

  it.each([secret, 'sécret-ünïcode-🔑-0123456789', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'])(
    'matches the reference computation given whsec_ + base64(secret) (%s)',
    (key) => {
      const signature = signStandardWebhook('evt_1', ts, body, key);
      expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(signature).toBe(pythonStandardSignature('evt_1', ts, body, standardWebhooksSecret(key)));
    },
  );

  it('verifies within 5 minutes either way, and refuses older, newer, altered or missing', () => {
    const headers = { id: 'evt_1', timestamp: String(ts), signature: signStandardWebhook('evt_1', ts, body, secret) };
    const at = (seconds: number) => new Date((ts + seconds) * 1000);
    expect(verifyStandardWebhook(body, secret, headers, at(0))).toEqual({ ok: true });
    expect(verifyStandardWebhook(body, secret, headers, at(300))).toEqual({ ok: true });
    expect(verifyStandardWebhook(body, secret, headers, at(-300))).toEqual({ ok: true });
    expect(verifyStandardWebhook(body, secret, headers, at(301))).toEqual({ ok: false, reason: 'too_old' });
    expect(verifyStandardWebhook(body, secret, headers, at(-301))).toEqual({ ok: false, reason: 'too_new' });
    expect(verifyStandardWebhook(`${body} `, secret, headers, at(0))).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect(verifyStandardWebhook(body, secret, { ...headers, id: 'evt_2' }, at(0))).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect(verifyStandardWebhook(body, secret, { ...headers, timestamp: String(ts + 1) }, at(0))).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect(verifyStandardWebhook(body, secret, { ...headers, timestamp: '1e9' }, at(0))).toEqual({ ok: false, reason: 'invalid_timestamp' });
    expect(verifyStandardWebhook(body, secret, { ...headers, signature: undefined }, at(0))).toEqual({ ok: false, reason: 'missing_headers' });
    // A list of signatures (key rotation on the sender's side): any v1 match is enough.
    expect(verifyStandardWebhook(body, secret, { ...headers, signature: `v2,abc v1,AAAA ${headers.signature}` }, at(0))).toEqual({ ok: true });
  });
});

describe('delivery errors shown to the customer', () => {
  it('are generic kinds; attempts stored with the precise text are shown by kind', () => {
    for (const kind of ['connection_failed', 'timeout', 'tls_error', 'http_status', 'blocked_destination']) expect(publicDeliveryError(kind, null)).toBe(kind);
    expect(publicDeliveryError(null, 200)).toBeNull();
    expect(publicDeliveryError('connection failed (ECONNREFUSED)', null)).toBe('connection_failed');
    expect(publicDeliveryError('connection failed (EHOSTUNREACH)', null)).toBe('connection_failed');
    expect(publicDeliveryError('connection failed (getaddrinfo ENOTFOUND hooks.example.com)', null)).toBe('connection_failed');
    expect(publicDeliveryError('connection failed (CERT_HAS_EXPIRED)', null)).toBe('tls_error');
    expect(publicDeliveryError('connection failed (ERR_TLS_CERT_ALTNAME_INVALID)', null)).toBe('tls_error');
    expect(publicDeliveryError('timed out after 10000 ms', null)).toBe('timeout');
    expect(publicDeliveryError('HTTP 500', 500)).toBe('http_status');
    expect(publicDeliveryError('redirect not followed (HTTP 302)', 302)).toBe('http_status');
    expect(publicDeliveryError('webhook URL refused: webhook_url resolves to a non-public address (10.0.0.7, 10.0.0.0/8 private)', null)).toBe(
      'blocked_destination',
    );
    expect(publicDeliveryError('no response', null)).toBe('connection_failed');
  });

  it('classifies request errors by their code', () => {
    expect(classifyRequestError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('connection_failed');
    expect(classifyRequestError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe('connection_failed');
    expect(classifyRequestError(Object.assign(new Error('x'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }))).toBe('tls_error');
    expect(classifyRequestError(Object.assign(new Error('x'), { code: 'EPROTO' }))).toBe('tls_error');
    expect(classifyRequestError(new Error('no code'))).toBe('connection_failed');
  });
});

describe('webhook URL guard (SSRF)', () => {
  /** Fake resolver: never touches the network. */
  const resolver =
    (table: Record<string, string[]>): Resolve =>
    async (host) => {
      const found = table[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    };
  const live = (resolve: Resolve, allowLoopback = false) => ({ mode: 'live' as const, allowLoopback, resolve });
  const test = (resolve: Resolve, allowLoopback = false) => ({ mode: 'test' as const, allowLoopback, resolve });

  const blockedV4 = [
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '169.254.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.1',
    '192.0.0.255',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '224.0.0.1',
    '239.255.255.255',
    '240.0.0.1',
    '254.1.1.1',
    '255.255.255.255',
    // Documentation ranges (TEST-NET-1, -2, -3).
    '192.0.2.1',
    '192.0.2.255',
    '198.51.100.0',
    '198.51.100.77',
    '203.0.113.1',
    '203.0.113.255',
  ];
  const blockedV6 = [
    '::',
    '::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'febf:ffff::1',
    'ff02::1',
    'ff00::',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:0:192.168.0.1',
    '::10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::10.1.2.3',
    '2002:a00:1::1',
    'fe80::1%eth0',
    // Local-use NAT64, Teredo, documentation; an embedded public IPv4 address does not make them public.
    '64:ff9b:1::1',
    '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
    '64:ff9b:1::808:808',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:0:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db8::1',
    '2001:db8:ffff::8',
    '3fff::1',
    '3fff:fff:ffff::1',
  ];
  const publicAddresses = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    // Just outside the documentation, Teredo and local-use NAT64 ranges.
    '192.0.3.1',
    '198.51.101.1',
    '203.0.114.1',
    '2001:1:0:0::1',
    '2001:db9::1',
    '3fff:1000::1',
    '64:ff9b:2::1',
  ];

  it.each([...blockedV4, ...blockedV6])('refuses a host resolving to %s', async (address) => {
    expect(blockedRange(address)).not.toBeNull();
    const result = await checkWebhookUrl('https://hooks.example.com/in', live(resolver({ 'hooks.example.com': [address] })));
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('non-public address') });
  });

  it('a host whose name resolution does not answer in time is unresolvable, within the time-out', async () => {
    const started = performance.now();
    const never: Resolve = () => new Promise(() => {});
    const result = await checkWebhookUrl('https://hooks.example.com/in', { ...live(never), resolveTimeoutMs: 50 });
    expect(result).toMatchObject({ ok: false, refusal: 'unresolvable', reason: expect.stringContaining('ETIMEOUT') });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(resolveTimeoutMs).toBeLessThanOrEqual(5_000);
  });

  it.each(publicAddresses)('allows a host resolving to public %s', async (address) => {
    expect(blockedRange(address)).toBeNull();
    const result = await checkWebhookUrl('https://hooks.example.com/in', live(resolver({ 'hooks.example.com': [address] })));
    expect(result).toMatchObject({ ok: true, addresses: [address] });
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00::5]/hook',
    'https://0x7f.1/hook',
    'https://2130706433/hook',
  ])('refuses a literal non-public IP host %s without resolving', async (url) => {
    const resolve: Resolve = async () => {
      throw new Error('literal IP hosts are not resolved');
    };
    expect(await checkWebhookUrl(url, live(resolve))).toMatchObject({ ok: false, reason: expect.stringContaining('non-public address') });
  });

  it('refuses when ANY resolved address is non-public (mixed answer)', async () => {
    const result = await checkWebhookUrl('https://mixed.example.com/', live(resolver({ 'mixed.example.com': ['93.184.216.34', '2606:4700::1', '10.0.0.7'] })));
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('10.0.0.7') });
  });

  it.each(['https://[2001:db8::5]/hook', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', 'https://[64:ff9b:1::a00:1]/hook', 'https://203.0.113.9/hook'])(
    'refuses a literal address in the newly blocked ranges: %s',
    async (url) => {
      expect(await checkWebhookUrl(url, live(resolver({})))).toMatchObject({ ok: false, refusal: 'blocked_destination' });
      expect(await checkWebhookUrl(url, test(resolver({}), true))).toMatchObject({ ok: false, refusal: 'blocked_destination' });
    },
  );

  it('returns every vetted address for delivery', async () => {
    const result = await checkWebhookUrl('https://multi.example.com:8443/x?y=1', live(resolver({ 'multi.example.com': ['93.184.216.34', '2606:4700::1'] })));
    expect(result).toMatchObject({ ok: true, addresses: ['93.184.216.34', '2606:4700::1'] });
    if (result.ok) expect(result.url.href).toBe('https://multi.example.com:8443/x?y=1');
  });

  it('refuses unresolvable hosts and empty answers', async () => {
    expect(await checkWebhookUrl('https://nowhere.example.com/', live(resolver({})))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('ENOTFOUND'),
    });
    expect(await checkWebhookUrl('https://empty.example.com/', live(resolver({ 'empty.example.com': [] })))).toMatchObject({ ok: false });
  });

  it('never waives the range check for live keys, whatever the loopback setting', async () => {
    const resolve = resolver({ localhost: ['127.0.0.1', '::1'] });
    for (const url of ['https://localhost/hook', 'https://localhost:8443/hook', 'https://127.0.0.1/hook', 'https://[::1]/hook']) {
      expect(await checkWebhookUrl(url, live(resolve, true)), url).toMatchObject({ ok: false, refusal: 'blocked_destination' });
    }
    expect(await checkWebhookUrl('http://localhost:4000/hook', live(resolve, true))).toMatchObject({ ok: false, reason: expect.stringContaining('https') });
  });

  it('with the loopback setting, lets test keys reach loopback receivers only (http or https, any port)', async () => {
    const resolve = resolver({
      localhost: ['127.0.0.1', '::1'],
      'other.local': ['127.0.0.5'],
      'mixed.local': ['127.0.0.1', '10.0.0.1'],
      'metadata.local': ['169.254.169.254'],
      'hooks.example.com': ['93.184.216.34'],
    });
    expect(await checkWebhookUrl('http://localhost:4000/hook', test(resolve, true))).toMatchObject({ ok: true, addresses: ['127.0.0.1', '::1'] });
    expect(await checkWebhookUrl('https://LOCALHOST.:9443/hook', test(resolve, true))).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://127.0.0.1:9/hook', test(resolve, true))).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
    expect(await checkWebhookUrl('http://[::1]:8080/hook', test(resolve, true))).toMatchObject({ ok: true, addresses: ['::1'] });
    expect(await checkWebhookUrl('http://other.local:81/hook', test(resolve, true))).toMatchObject({ ok: true });
    // Loopback only: not private, not link-local, not a mix, not a public host over http or another port.
    expect(await checkWebhookUrl('http://mixed.local/hook', test(resolve, true))).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('https://mixed.local/hook', test(resolve, true))).toMatchObject({ ok: false, refusal: 'blocked_destination' });
    expect(await checkWebhookUrl('http://metadata.local/latest', test(resolve, true))).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('https://10.0.0.1/hook', test(resolve, true))).toMatchObject({ ok: false, refusal: 'blocked_destination' });
    expect(await checkWebhookUrl('http://hooks.example.com/hook', test(resolve, true))).toMatchObject({ ok: false, reason: expect.stringContaining('https') });
    expect(await checkWebhookUrl('https://hooks.example.com:8080/hook', test(resolve, true))).toMatchObject({ ok: false, refusal: 'blocked_destination' });
    expect(await checkWebhookUrl('https://hooks.example.com/hook', test(resolve, true))).toMatchObject({ ok: true });
    // Off (the default): loopback is refused like any other blocked range.
    expect(await checkWebhookUrl('http://localhost:4000/hook', test(resolve))).toMatchObject({ ok: false, reason: expect.stringContaining('https') });
    expect(await checkWebhookUrl('https://localhost/hook', test(resolve))).toMatchObject({ ok: false, refusal: 'blocked_destination' });
  });

  it("with the setting `all` (the service's own tests), live keys too reach loopback receivers, and nothing else", async () => {
    const resolve = resolver({ localhost: ['127.0.0.1', '::1'], 'mixed.local': ['127.0.0.1', '10.0.0.1'] });
    const all = { mode: 'live' as const, allowLoopback: 'all' as const, resolve };
    expect(await checkWebhookUrl('http://127.0.0.1:9/hook', all)).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
    expect(await checkWebhookUrl('http://localhost:4000/hook', all)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://mixed.local/hook', all)).toMatchObject({ ok: false, refusal: 'blocked_destination' });
    expect(await checkWebhookUrl('https://10.0.0.1/hook', all)).toMatchObject({ ok: false, refusal: 'blocked_destination' });
    expect(webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'all' })).toBe('all');
    expect(webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true' })).toBe(true);
    expect(() => webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'all', AWS_LAMBDA_FUNCTION_NAME: 'Verify' })).toThrow(/refused on AWS Lambda/);
    expect(() => webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'yes' })).toThrow(/true, all or false/);
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.255.255.254', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::', '0.0.0.0', '169.254.169.254', 'fe80::1', '128.0.0.1', 'localhost'])
      expect(isLoopback(address), address).toBe(false);
  });

  it.each(['live', 'test'] as const)('allows only https on ports %s: 443 and 8443', async (mode) => {
    const resolve = resolver({ 'hooks.example.com': ['93.184.216.34'] });
    expect(webhookPorts).toEqual([443, 8443]);
    const options = { mode, resolve };
    expect(await checkWebhookUrl('https://hooks.example.com/hook', options)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://hooks.example.com:443/hook', options)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://hooks.example.com:8443/hook', options)).toMatchObject({ ok: true });
    for (const port of [1, 22, 80, 444, 5432, 6379, 8080, 9200, 65535]) {
      expect(await checkWebhookUrl(`https://hooks.example.com:${port}/hook`, options), String(port)).toMatchObject({
        ok: false,
        refusal: 'blocked_destination',
        reason: expect.stringContaining('port 443 or 8443'),
      });
    }
    expect(await checkWebhookUrl('http://hooks.example.com/hook', options)).toMatchObject({ ok: false, reason: expect.stringContaining('https') });
  });

  it('reads WEBHOOK_ALLOW_LOOPBACK: off by default, only true, all or false, refused on AWS Lambda', () => {
    expect(webhookLoopbackAllowedFromEnv({})).toBe(false);
    expect(webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: '' })).toBe(false);
    expect(webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'false' })).toBe(false);
    expect(webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true' })).toBe(true);
    expect(() => webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'yes' })).toThrow(/true, all or false/);
    expect(() => webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toThrow(
      /refused on AWS Lambda/,
    );
    expect(() => webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true', AWS_LAMBDA_FUNCTION_NAME: 'WebhookDelivery' })).toThrow(
      /refused on AWS Lambda/,
    );
    expect(webhookLoopbackAllowedFromEnv({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toBe(false);
    // The old per-host list is gone: it waived the range check for any key mode.
    expect(webhookLoopbackAllowedFromEnv({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost' })).toBe(false);
  });

  it.each([
    ['ftp://hooks.example.com/x', 'https'],
    ['file:///etc/passwd', 'https'],
    ['gopher://hooks.example.com/', 'https'],
    ['https://user:pass@hooks.example.com/x', 'credentials'],
    ['https://user@hooks.example.com/x', 'credentials'],
    ['https://:secret@hooks.example.com/x', 'credentials'],
    ['https://hooks.example.com:0/x', 'port'],
    ['https://hooks.example.com:65536/x', 'valid URL'],
    ['not a url', 'white space'],
    ['/relative/path', 'valid URL'],
    ['', 'required'],
    [' https://hooks.example.com/x', 'white space'],
    ['https://hooks.example.com/x\n', 'white space'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, '2048'],
  ])('refuses %j', async (url, reason) => {
    const resolve = resolver({ 'hooks.example.com': ['93.184.216.34'] });
    expect(await checkWebhookUrl(url, live(resolve))).toMatchObject({ ok: false, reason: expect.stringContaining(reason) });
  });

  it('accepts a URL of exactly 2048 characters', async () => {
    const resolve = resolver({ 'hooks.example.com': ['93.184.216.34'] });
    const prefix = 'https://hooks.example.com/';
    expect(await checkWebhookUrl(prefix + 'a'.repeat(2048 - prefix.length), live(resolve))).toMatchObject({ ok: true });
  });
});

describe('webhook retry schedule', () => {
  const minute = 60_000;
  const hour = 60 * minute;
  const first = new Date('2026-03-01T12:00:00.000Z');

  it('has the spec delays: 5 min, 30 min, 2 h, 8 h, 24 h', () => {
    expect(retryDelaysMs).toEqual([5 * minute, 30 * minute, 2 * hour, 8 * hour, 24 * hour]);
  });

  it('schedules each retry its delay after the previous attempt, then gives up', () => {
    const attempts: Date[] = [];
    for (let made = 0; ; made++) {
      const due = nextAttemptAt(first, made);
      if (due === null) break;
      attempts.push(due);
    }
    expect(attempts.map((at) => at.toISOString())).toEqual([
      '2026-03-01T12:00:00.000Z', // first attempt
      '2026-03-01T12:05:00.000Z', // +5 min
      '2026-03-01T12:35:00.000Z', // +30 min
      '2026-03-01T14:35:00.000Z', // +2 h
      '2026-03-01T22:35:00.000Z', // +8 h
      '2026-03-02T22:35:00.000Z', // +24 h
    ]);
    const gaps = attempts.slice(1).map((at, i) => at.getTime() - attempts[i]!.getTime());
    expect(gaps).toEqual([...retryDelaysMs]);
    expect(nextAttemptAt(first, 6)).toBeNull(); // 5th retry failed → event failed
    expect(nextAttemptAt(first, 7)).toBeNull();
    expect(() => nextAttemptAt(first, -1)).toThrow(RangeError);
  });

  it('computes hop delays as the remaining whole seconds, capped at 900', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(sqsHopDelaySeconds(at(5 * minute), now)).toBe(300);
    expect(sqsHopDelaySeconds(at(15 * minute), now)).toBe(900);
    expect(sqsHopDelaySeconds(at(15 * minute + 1), now)).toBe(900);
    expect(sqsHopDelaySeconds(at(1), now)).toBe(1);
    expect(sqsHopDelaySeconds(at(0), now)).toBe(0);
    expect(sqsHopDelaySeconds(at(-5_000), now)).toBe(0);
    expect(isDue(at(0), now)).toBe(true);
    expect(isDue(at(-1), now)).toBe(true);
    expect(isDue(at(1), now)).toBe(false);
  });

  /**
   * Simulates the SQS chain with an injected clock: each message is delivered when its DelaySeconds has
   * passed (plus optional queue latency); a message that is not yet due is re-sent with the remaining
   * delay. Returns the hops and the time the attempt ran.
   */
  function simulateChain(dueAt: Date, sentAt: Date, latencyMs = 0) {
    let now = sentAt;
    const hops: number[] = [];
    let delay = sqsHopDelaySeconds(dueAt, now);
    for (;;) {
      hops.push(delay);
      now = new Date(now.getTime() + delay * 1000 + latencyMs);
      if (isDue(dueAt, now)) return { hops, ranAt: now };
      delay = sqsHopDelaySeconds(dueAt, now);
      if (hops.length > 10_000) throw new Error('chain does not converge');
    }
  }

  it('carries each retry delay on hops of at most 900 s (5 min → 1 hop, 24 h → 96 hops)', () => {
    const expectedHops = [1, 2, 8, 32, 96];
    retryDelaysMs.forEach((delay, i) => {
      const previous = nextAttemptAt(first, i)!;
      const due = nextAttemptAt(first, i + 1)!;
      expect(due.getTime() - previous.getTime()).toBe(delay);
      const { hops, ranAt } = simulateChain(due, previous);
      expect(Math.max(...hops)).toBeLessThanOrEqual(maxSqsDelaySeconds);
      expect(hops.length).toBe(expectedHops[i]);
      expect(ranAt.toISOString()).toBe(due.toISOString());
    });
    expect(simulateChain(nextAttemptAt(first, 1)!, first).hops).toEqual([300]);
  });

  it('runs a whole chain of retries exactly on time and never exceeds 900 s, even with a slow worker', () => {
    for (const latencyMs of [0, 137, 2_500]) {
      let previousRan = first;
      let totalHops = 0;
      for (let made = 1; ; made++) {
        const due = nextAttemptAt(first, made);
        if (due === null) break;
        const { hops, ranAt } = simulateChain(due, previousRan, latencyMs);
        totalHops += hops.length;
        expect(hops.every((seconds) => Number.isInteger(seconds) && seconds >= 0 && seconds <= 900)).toBe(true);
        expect(ranAt.getTime()).toBeGreaterThanOrEqual(due.getTime());
        // Late by at most the last hop's latency plus the rounding of DelaySeconds up to a whole second.
        expect(ranAt.getTime() - due.getTime()).toBeLessThan(latencyMs + 1000);
        previousRan = ranAt;
      }
      if (latencyMs === 0) expect(totalHops).toBe(1 + 2 + 8 + 32 + 96);
    }
  });
});
