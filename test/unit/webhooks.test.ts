import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { blockedRange } from '#shared/webhooks/ip-ranges.ts';
import { isDue, maxSqsDelaySeconds, nextAttemptAt, retryDelaysMs, sqsHopDelaySeconds } from '#shared/webhooks/retry-schedule.ts';
import { signWebhookBody, verifyWebhookSignature } from '#shared/webhooks/webhook-signature.ts';
import { checkWebhookUrl, webhookAllowedHostsFromEnv, type Resolve } from '#shared/webhooks/webhook-url-guard.ts';

/** Independent HMAC-SHA256: Python's hmac module over the UTF-8 bytes, passed through stdin as JSON. */
function pythonHmac(body: string, secret: string): string {
  const script = [
    'import hashlib, hmac, json, sys',
    'data = json.loads(sys.stdin.read())',
    "print(hmac.new(data['secret'].encode('utf-8'), data['body'].encode('utf-8'), hashlib.sha256).hexdigest())",
  ].join('\n');
  return execFileSync('python3', ['-c', script], { input: JSON.stringify({ body, secret }), encoding: 'utf8' }).trim();
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

describe('webhook URL guard (SSRF)', () => {
  /** Fake resolver: never touches the network. */
  const resolver =
    (table: Record<string, string[]>): Resolve =>
    async (host) => {
      const found = table[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    };
  const live = (resolve: Resolve, allowedHosts: string[] = []) => ({ mode: 'live' as const, allowedHosts, resolve });

  const blockedV4 = [
    '0.0.0.0', '0.255.255.255', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.0.9',
    '169.254.169.254', '169.254.0.1', '172.16.0.1', '172.31.255.255', '192.0.0.1', '192.0.0.255', '192.168.1.1',
    '198.18.0.1', '198.19.255.255', '224.0.0.1', '239.255.255.255', '240.0.0.1', '254.1.1.1', '255.255.255.255',
  ];
  const blockedV6 = [
    '::', '::1', 'fc00::1', 'fd12:3456:789a::1', 'fe80::1', 'febf:ffff::1', 'ff02::1', 'ff00::',
    '::ffff:10.0.0.1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:0:192.168.0.1',
    '::10.0.0.1', '::127.0.0.1', '64:ff9b::10.1.2.3', '2002:a00:1::1', 'fe80::1%eth0',
  ];
  const publicAddresses = [
    '8.8.8.8', '1.1.1.1', '93.184.216.34', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0',
    '192.0.1.1', '192.169.0.1', '198.17.255.255', '198.20.0.0', '223.255.255.255', '169.253.255.255',
    '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808',
  ];

  it.each([...blockedV4, ...blockedV6])('refuses a host resolving to %s', async (address) => {
    expect(blockedRange(address)).not.toBeNull();
    const result = await checkWebhookUrl('https://hooks.example.com/in', live(resolver({ 'hooks.example.com': [address] })));
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('non-public address') });
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

  it('returns every vetted address for delivery', async () => {
    const result = await checkWebhookUrl('https://multi.example.com:8443/x?y=1', live(resolver({ 'multi.example.com': ['93.184.216.34', '2606:4700::1'] })));
    expect(result).toMatchObject({ ok: true, addresses: ['93.184.216.34', '2606:4700::1'] });
    if (result.ok) expect(result.url.href).toBe('https://multi.example.com:8443/x?y=1');
  });

  it('refuses unresolvable hosts and empty answers', async () => {
    expect(await checkWebhookUrl('https://nowhere.example.com/', live(resolver({})))).toMatchObject({ ok: false, reason: expect.stringContaining('ENOTFOUND') });
    expect(await checkWebhookUrl('https://empty.example.com/', live(resolver({ 'empty.example.com': [] })))).toMatchObject({ ok: false });
  });

  it('exempts hosts allowed by configuration from the range check', async () => {
    const resolve = resolver({ localhost: ['127.0.0.1', '::1'], 'other.local': ['127.0.0.1'] });
    expect(await checkWebhookUrl('https://localhost:8443/hook', live(resolve, ['127.0.0.1', 'localhost']))).toMatchObject({ ok: true, addresses: ['127.0.0.1', '::1'] });
    expect(await checkWebhookUrl('https://LOCALHOST./hook', live(resolve, ['localhost']))).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://127.0.0.1/hook', live(resolve, ['127.0.0.1']))).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
    expect(await checkWebhookUrl('https://[::1]/hook', live(resolve, ['::1']))).toMatchObject({ ok: true, addresses: ['::1'] });
    // The exemption is per host name, not per address.
    expect(await checkWebhookUrl('https://other.local/hook', live(resolve, ['localhost']))).toMatchObject({ ok: false });
  });

  it('allows http only for test keys and only to an allowed host', async () => {
    const resolve = resolver({ localhost: ['127.0.0.1'], 'hooks.example.com': ['93.184.216.34'] });
    expect(await checkWebhookUrl('http://localhost:4000/hook', { mode: 'test', allowedHosts: ['localhost'], resolve })).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('http://localhost:4000/hook', { mode: 'live', allowedHosts: ['localhost'], resolve })).toMatchObject({ ok: false, reason: expect.stringContaining('https') });
    expect(await checkWebhookUrl('http://hooks.example.com/hook', { mode: 'test', allowedHosts: ['localhost'], resolve })).toMatchObject({ ok: false, reason: expect.stringContaining('https') });
    expect(await checkWebhookUrl('http://hooks.example.com/hook', { mode: 'live', allowedHosts: [], resolve })).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('https://hooks.example.com/hook', { mode: 'test', allowedHosts: [], resolve })).toMatchObject({ ok: true });
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

  it('accepts a URL of exactly 2048 characters and ports 1 and 65535', async () => {
    const resolve = resolver({ 'hooks.example.com': ['93.184.216.34'] });
    const prefix = 'https://hooks.example.com/';
    expect(await checkWebhookUrl(prefix + 'a'.repeat(2048 - prefix.length), live(resolve))).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://hooks.example.com:1/', live(resolve))).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://hooks.example.com:65535/', live(resolve))).toMatchObject({ ok: true });
  });

  it('reads allowed hosts from WEBHOOK_ALLOWED_HOSTS', () => {
    expect(webhookAllowedHostsFromEnv({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, localhost,,' })).toEqual(['127.0.0.1', 'localhost']);
    expect(webhookAllowedHostsFromEnv({})).toEqual([]);
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
