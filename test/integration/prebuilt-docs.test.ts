/**
 * The docs functions as deployed: bundled with the stack's own settings and bundling commands, they
 * carry the OpenAPI document and the reference page prebuilt, load neither zod nor the document builder, and
 * serve byte for byte what the generator builds for the deployment's base URL.
 */
import type { Context } from 'aws-lambda';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterBundlingCommands } from '#shared/platform/infra/function-bundling.ts';
import { routes } from '#shared/platform/infra/routes.ts';
import { generatedDocs } from '#shared/api/openapi/generated-docs.ts';
import { docsFromTemplates, isPlainBaseUrl, placeholderBaseUrl } from '#shared/api/openapi/prebuilt-docs.ts';
import { toHttpApiEvent } from '../../local/runtime/http-event.ts';
import { bundleFunction, repoRoot, type FunctionBundle } from '../bench/function-bundles.ts';

const run = promisify(execFile);
const baseUrl = 'https://api.example.com/prod';

type Handler = (event: unknown, context: Context) => Promise<{ statusCode: number; headers: Record<string, string>; body: string }>;

let dir: string;
const bundles = new Map<string, { bundle: FunctionBundle; handler: Handler }>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prebuilt-docs-'));
  for (const id of ['GetOpenApi', 'GetApiReference']) {
    const route = routes.find((r) => r.id === id)!;
    const outDir = join(dir, id);
    const bundle = await bundleFunction(route.entry, outDir);
    for (const command of afterBundlingCommands(repoRoot, outDir, route)) await run('sh', ['-c', command], { cwd: repoRoot });
    const { handler } = (await import(pathToFileURL(bundle.file).href)) as { handler: Handler };
    bundles.set(id, { bundle, handler });
  }
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

function context(functionName: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: crypto.randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 10_000,
    done() {},
    fail() {},
    succeed() {},
  };
}

async function get(id: string, path: string): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const route = routes.find((r) => r.id === id)!;
  const event = toHttpApiEvent(
    { method: 'GET', url: path, headers: { host: 'api.example.com' }, body: Buffer.from(''), sourceIp: '203.0.113.7' },
    { routeKey: `GET ${route.path}`, requestId: crypto.randomUUID(), time: new Date(), domainName: 'api.example.com' },
  );
  return bundles.get(id)!.handler(event, context(id));
}

describe('the docs functions, bundled as deployed', () => {
  it('load neither zod nor the document builder', () => {
    for (const { bundle } of bundles.values()) {
      const parts = bundle.parts.map((p) => p.name);
      expect(parts).not.toContain('zod');
      expect(bundle.parts.find((p) => p.name === 'shared/openapi')?.bytes ?? 0).toBeLessThan(8 * 1024);
      expect(bundle.bytes).toBeLessThan(300 * 1024);
    }
  });

  it("serve the generator's document and page for the deployment's base URL, byte for byte", async () => {
    vi.stubEnv('PUBLIC_BASE_URL', baseUrl);
    try {
      const document = await get('GetOpenApi', '/v1/openapi.json');
      expect(document.statusCode).toBe(200);
      expect(document.body).toBe(generatedDocs.openApi(baseUrl));
      expect(JSON.parse(document.body).servers).toEqual([{ url: baseUrl }]);
      expect(document.body).not.toContain(placeholderBaseUrl);
      const page = await get('GetApiReference', '/docs');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(generatedDocs.referencePage(baseUrl));
      expect(page.body).toContain(`href="${baseUrl}/v1/openapi.json"`);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('docs templates', () => {
  it('take a base URL only where JSON and HTML carry it as is', () => {
    expect(isPlainBaseUrl('https://api.example.com:8443/v2')).toBe(true);
    expect(isPlainBaseUrl('https://example.com/a&b')).toBe(false);
    expect(isPlainBaseUrl('https://example.com/"x')).toBe(false);
    const docs = docsFromTemplates({
      openApi: `{"url":"${placeholderBaseUrl}/x"}`,
      referencePage: `<a href="${placeholderBaseUrl}">${placeholderBaseUrl}</a>`,
    });
    expect(docs.openApi('https://b.example')).toBe('{"url":"https://b.example/x"}');
    expect(docs.referencePage('https://b.example')).toBe('<a href="https://b.example">https://b.example</a>');
    expect(() => docs.openApi('https://example.com/<x>')).toThrow(/escaping/);
  });
});
