/**
 * The code samples of the OpenAPI document (`x-codeSamples`) and of the reference page: three for every
 * operation and webhook (curl, the TypeScript SDK, Python); each curl names the operation's method and
 * path, sends the key only where one is needed and a body the service accepts; the SDK call is the
 * operation's method; every sample parses in its language. A webhook's curl really signs its delivery
 * as the service does, and its Python receiver really accepts such a delivery and refuses a forged one.
 */
import { execFileSync } from 'node:child_process';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#shared/api/http/html.ts';
import { routes } from '#shared/platform/infra/routes.ts';
import { openApiDocument, pathParameterExamples, pathParameterSchemas } from '#shared/api/openapi/document.ts';
import { operationDocs } from '#shared/api/openapi/operations.ts';
import { renderReferencePage } from '#shared/api/openapi/reference-page.ts';
import { signStandardWebhook, signWebhookBody, verifyWebhookSignature } from '#shared/features/webhooks/webhook-signature.ts';

interface Sample {
  readonly lang: string;
  readonly label: string;
  readonly source: string;
}

const doc = openApiDocument('https://api.example.com');
const webhooks = doc.webhooks as Record<string, { post: { operationId: string; 'x-codeSamples': Sample[] } }>;
const operations = routes.map((route) => ({ route, op: doc.paths[route.path]![route.method.toLowerCase()] as { 'x-codeSamples': Sample[] } }));
const everySample = [...operations.map(({ op }) => op['x-codeSamples']), ...Object.values(webhooks).map((w) => w.post['x-codeSamples'])].flat();
/** A plain bash: no start-up files (bash reads them when its standard input is a socket, as Node's pipes are). */
const bashArgs = ['--norc', '--noprofile'];
const sample = (samples: Sample[], label: string) => samples.find((s) => s.label === label)!.source;

/** The word a sample passes to `-d '…'`, unquoted as the shell would. */
function curlBody(source: string): unknown {
  const match = /-d '((?:[^']|'\\'')*)'/.exec(source);
  return match ? JSON.parse(match[1]!.replaceAll(`'\\''`, "'")) : undefined;
}

describe('every operation and webhook', () => {
  it('has a curl, a TypeScript and a Python sample', () => {
    for (const samples of [...operations.map(({ op }) => op['x-codeSamples']), ...Object.values(webhooks).map((w) => w.post['x-codeSamples'])]) {
      expect(samples.map((s) => [s.lang, s.label])).toEqual([
        ['Shell', 'curl'],
        ['TypeScript', 'TypeScript'],
        ['Python', 'Python'],
      ]);
    }
    expect(everySample).toHaveLength(3 * (routes.length + Object.keys(webhooks).length));
  });
});

describe('the samples of an operation', () => {
  it('give each path parameter an example the service takes', () => {
    for (const [name, value] of Object.entries(pathParameterExamples)) expect(pathParameterSchemas[name]!.safeParse(value).success, name).toBe(true);
  });

  it('curl: the operation’s method and path, the key unless public, a body the service accepts', () => {
    for (const { route, op } of operations) {
      const curl = sample(op['x-codeSamples'], 'curl');
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParameterExamples[name]!);
      expect(curl, route.id).toMatch(new RegExp(`^curl -s -X ${route.method} "\\$BASE${path.replace(/[.?]/g, '\\$&')}[?"]`));
      expect(curl.includes('-H "Authorization: Bearer $KEY"'), route.id).toBe(route.auth === 'api_key');
      const doc = operationDocs[route.id]!;
      const body = curlBody(curl);
      if (body !== undefined) expect(doc.body!.schema.safeParse(body).success, route.id).toBe(true);
      else if (doc.body && !doc.body.optional) throw new Error(`${route.id} takes a body and its curl sends none`);
      const query = /\?([^"]*)"/.exec(curl.split('\n')[0]!)?.[1];
      expect(query !== undefined, route.id).toBe(doc.query !== undefined && doc.query !== 'ignored');
      if (query !== undefined && doc.query !== 'ignored' && doc.query) {
        expect(doc.query.safeParse(Object.fromEntries(new URLSearchParams(query))).success, `${route.id} ?${query}`).toBe(true);
      }
    }
  });

  it('TypeScript: the SDK method named after the operation, with the path parameters, then the body, then the query', () => {
    for (const { route, op } of operations) {
      const source = sample(op['x-codeSamples'], 'TypeScript');
      expect(source).toContain("import { LicenseVerificationClient } from './clients/typescript/src/index.js';");
      const method = route.id.charAt(0).toLowerCase() + route.id.slice(1);
      expect(source, route.id).toContain(`await client.${method}(`);
      expect(source.includes('apiKey: process.env.KEY'), route.id).toBe(route.auth === 'api_key');
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (params.length > 0) expect(source, route.id).toMatch(new RegExp(`client\\.${method}\\(\\n?\\s*\\{ ${params[0]}: '`));
    }
    const listVerifications = sample(operations.find((o) => o.route.id === 'ListVerifications')!.op['x-codeSamples'], 'TypeScript');
    expect(listVerifications).toContain("client.listVerifications({ state: 'WA', verified: false, limit: 50 })");
    const rotate = sample(operations.find((o) => o.route.id === 'RotateMonitorSecret')!.op['x-codeSamples'], 'TypeScript');
    expect(rotate.indexOf('monitor_id')).toBeLessThan(rotate.indexOf('webhook_secret'));
  });

  it('Python: the standard library, the method and path, the key unless public', () => {
    for (const { route, op } of operations) {
      const source = sample(op['x-codeSamples'], 'Python');
      expect(source, route.id).toContain('import urllib.request');
      expect(source, route.id).toContain(`method="${route.method}"`);
      expect(source.includes('os.environ["KEY"]'), route.id).toBe(route.auth === 'api_key');
    }
  });
});

describe('every sample', () => {
  it('parses in its language', () => {
    for (const source of everySample.filter((s) => s.lang === 'TypeScript').map((s) => s.source)) {
      expect(() => transformSync(source, { loader: 'ts', format: 'esm' }), source).not.toThrow();
    }
    for (const { source } of everySample.filter((s) => s.lang === 'Shell'))
      execFileSync('bash', [...bashArgs, '-n', '-c', source], { stdio: ['ignore', 'pipe', 'pipe'] });
    const python = everySample.filter((s) => s.lang === 'Python').map((s) => s.source);
    const errors = execFileSync(
      'python3',
      ['-c', 'import ast, json, sys\nfor i, s in enumerate(json.load(sys.stdin)):\n    try: ast.parse(s)\n    except SyntaxError as e: print(i, e)'],
      { input: JSON.stringify(python), encoding: 'utf8' },
    );
    expect(errors).toBe('');
  });
});

describe('a webhook’s samples', () => {
  const secret = 'whsec-sample-test-0123456789';

  it('curl sends the delivery signed as the service signs it', () => {
    for (const [kind, { post }] of Object.entries(webhooks)) {
      // `curl` replaced by a function that prints its arguments, one a line.
      const out = execFileSync('bash', [...bashArgs, '-c', `curl() { printf '%s\\n' "$@"; }\n${sample(post['x-codeSamples'], 'curl')}`], {
        env: { PATH: process.env.PATH, WEBHOOK_SECRET: secret, WEBHOOK_URL: 'http://127.0.0.1:9/hook' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const args = out.trimEnd().split('\n');
      const header = (name: string) => args.find((a) => a.startsWith(`${name}: `))?.slice(name.length + 2);
      const body = args.at(-1)!;
      expect(JSON.parse(body).event, kind).toBe(kind);
      expect(verifyWebhookSignature(body, secret, header('Service-Signature')), kind).toBe(true);
      expect(header('webhook-signature'), kind).toBe(signStandardWebhook(header('webhook-id')!, Number(header('webhook-timestamp')), body, secret));
      expect(Math.abs(Number(header('webhook-timestamp')) - Date.now() / 1000)).toBeLessThan(60);
    }
  });

  it('the Python receiver accepts a delivery the service signed, and refuses a forged, a replayed or an unsigned one', () => {
    const receiver = sample(webhooks['license.status_changed']!.post['x-codeSamples'], 'Python');
    expect(receiver).toContain('serve_forever()');
    const body = JSON.stringify({ event: 'license.status_changed', event_id: 'evt_0123456789abcdefghijklmn' });
    const now = Math.floor(Date.now() / 1000);
    const signed = (timestamp: number, payload = body) => ({
      'Service-Signature': signWebhookBody(payload, secret),
      'webhook-id': 'evt_0123456789abcdefghijklmn',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,AAAA ${signStandardWebhook('evt_0123456789abcdefghijklmn', timestamp, payload, secret)}`,
    });
    const cases = [
      { headers: signed(now), body },
      { headers: signed(now), body: `${body} ` },
      { headers: { ...signed(now), 'webhook-signature': signed(now, `${body} `)['webhook-signature'] }, body },
      { headers: signed(now - 3600), body },
      { headers: {}, body },
    ];
    const script = [
      'import email.message, json, sys',
      receiver.replace('HTTPServer(("", 8080), Receiver).serve_forever()', ''),
      'for case in json.load(sys.stdin):',
      '    headers = email.message.Message()',
      '    for name, value in case["headers"].items(): headers[name] = value',
      '    print(verified(headers, case["body"].encode()))',
    ].join('\n');
    const out = execFileSync('python3', ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8', env: { ...process.env, WEBHOOK_SECRET: secret } });
    expect(out.trim().split('\n')).toEqual(['True', 'False', 'False', 'False', 'False']);
  });
});

describe('the reference page', () => {
  const page = renderReferencePage(doc, { openApiUrl: 'https://api.example.com/v1/openapi.json' });

  it('shows every sample under its operation or webhook', () => {
    const cards = page.split('<article class="card" ').slice(1);
    for (const { route, op } of operations) {
      const card = cards.find((c) => c.startsWith(`id="operation-${route.id}"`))!;
      expect(card, route.id).toContain('<h5>Code samples</h5>');
      for (const { label, source } of op['x-codeSamples']) expect(card, `${route.id} ${label}`).toContain(`<code>${escapeHtml(source)}</code>`);
    }
    for (const [kind, { post }] of Object.entries(webhooks)) {
      const card = cards.find((c) => c.startsWith(`id="webhook-${kind.replace(/[._]/g, '-')}"`))!;
      for (const { source } of post['x-codeSamples']) expect(card, kind).toContain(`<code>${escapeHtml(source)}</code>`);
    }
  });
});
