/**
 * Two third-party client generators read the OpenAPI document, and what they make is clean: openapi-
 * typescript (the types the TypeScript SDK is built on) and @hey-api/openapi-ts (named types for every
 * schema and operation). Both run on TypeScript 5 (npx, pinned versions; the project's TypeScript 7
 * cannot host them), and the project's own compiler then checks a small consumer of both outputs:
 * request fields with a default may be left out, a bulk item is a VerificationRequest, a state outside
 * the State enum is refused, the PDF is binary.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#shared/api/openapi/document.ts';
import { namedEnums } from '#shared/api/openapi/enums.ts';

const run = promisify(execFile);
const versions = { typescript: '5.9.3', openapiTypescript: '7.13.0', heyApi: '0.94.3' } as const;
const root = join(import.meta.dirname, '..', '..');
const doc = openApiDocument('https://api.example.com');
const schemaNames = Object.keys(doc.components.schemas);

let dir: string;
let openapiTypescript: string;
let heyApi: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-generators-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
  // Outside the project, so that npx runs the pinned packages and nothing of the project's own.
  const npx = (...args: string[]) => run('npx', ['--yes', '-p', `typescript@${versions.typescript}`, ...args], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
  await Promise.all([
    npx('-p', `openapi-typescript@${versions.openapiTypescript}`, 'openapi-typescript', 'openapi.json', '-o', 'schema.d.ts'),
    npx('-p', `@hey-api/openapi-ts@${versions.heyApi}`, 'openapi-ts', '-i', 'openapi.json', '-o', 'hey'),
  ]);
  openapiTypescript = readFileSync(join(dir, 'schema.d.ts'), 'utf8');
  heyApi = readFileSync(join(dir, 'hey', 'types.gen.ts'), 'utf8');
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The type names hey-api exports. */
const heyTypes = () => [...heyApi.matchAll(/^export type (\w+)\b/gm)].map((m) => m[1]!);

describe('@hey-api/openapi-ts', () => {
  it('names every schema as the document does, and renames none (no HealthResponse2)', () => {
    const types = heyTypes();
    expect(types.length).toBeGreaterThan(200);
    for (const name of schemaNames) expect(types, name).toContain(name);
    expect(types.filter((name) => /\d$/.test(name) && !schemaNames.includes(name))).toEqual([]);
    expect(types.filter((name) => /WebhookWebhook/.test(name))).toEqual([]);
    expect(types).toContain('LicenseStatusChangedWebhookPayload');
  });

  it('makes every named enum a union type of its values', () => {
    for (const [name, { values }] of Object.entries(namedEnums)) {
      expect(heyApi, name).toContain(`export type ${name} = ${values.map((v) => `'${v}'`).join(' | ')};`);
    }
  });

  it('types a bulk item as the VerificationRequest, a result entry as one of two named types, the PDF as binary', () => {
    expect(heyApi).toMatch(/export type BulkVerificationRequest = \{[^}]*providers: Array<VerificationRequest>;/);
    expect(heyApi).toContain('results: Array<BulkItemResult | BulkItemError>;');
    expect(heyApi).toMatch(/export type GetCertificatePdfResponses = \{[^}]*200: Blob \| File;/);
    expect(heyApi).toMatch(/export type GetApiReferenceResponses = \{[^}]*200: string;/);
  });
});

describe('openapi-typescript', () => {
  it('has every named enum as a union under components, and the bodies by their names', () => {
    for (const [name, { values }] of Object.entries(namedEnums)) {
      expect(openapiTypescript, name).toContain(`        ${name}: ${values.map((v) => `"${v}"`).join(' | ')};`);
    }
    expect(openapiTypescript).toContain('providers: components["schemas"]["VerificationRequest"][];');
    expect(openapiTypescript).toContain('"application/pdf": string;');
    expect(openapiTypescript).toMatch(/LicenseStatusChanged: \{/);
  });

  it('leaves request fields with a default optional', () => {
    expect(openapiTypescript).toMatch(/MonitorRequest: \{[^}]*alert_days_before_expiry\?: number;/);
    expect(openapiTypescript).toMatch(/ApiKeyRollRequest: \{[^}]*grace_period_hours\?: number;/);
    expect(openapiTypescript).toMatch(/SecretRotationRequest: \{[^}]*overlap_hours\?: number;/);
  });
});

describe('a consumer of both outputs', () => {
  it('type-checks with the project’s TypeScript, and the mistakes it marks are refused', async () => {
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import type { components, operations } from './schema.d.ts';
import type { BulkVerificationRequest, GetCertificatePdfResponses, MonitorRequest, State, VerificationRequest } from './hey/types.gen.ts';

type Schemas = components['schemas'];

// Fields with a default may be left out, in both outputs.
export const monitor: Schemas['MonitorRequest'] = { first_name: 'Helen', last_name: 'Thomas', state: 'WA', webhook_url: 'https://example.com/hook', webhook_secret: 'whsec-0123456789abcdef' };
export const heyMonitor: MonitorRequest = monitor;
export const roll: Schemas['ApiKeyRollRequest'] = {};
export const rotation: Schemas['SecretRotationRequest'] = { webhook_secret: 'whsec-0123456789abcdef' };

// A bulk item is a VerificationRequest.
const helen: VerificationRequest = { first_name: 'Helen', last_name: 'Thomas', state: 'WA' };
export const bulk: BulkVerificationRequest = { providers: [helen] };
export const otBulk: Schemas['BulkVerificationRequest'] = { providers: [helen] };
// @ts-expect-error a bulk item is not anything
export const badItem: BulkVerificationRequest = { providers: ['not a provider'] };
// @ts-expect-error a state outside the State enum
export const badState: State = 'ZZ';
// @ts-expect-error a profession outside the Profession enum
export const badProfession: Schemas['VerificationRequest'] = { first_name: 'A', last_name: 'B', state: 'WA', profession: 'wizard' };

// A bulk entry is a result or an error.
export function statusOf(entry: Schemas['BulkVerification']['results'][number]): Schemas['LicenseStatus'] | Schemas['ErrorCode'] {
  return 'result' in entry ? entry.result.status : entry.error.code;
}

// The PDF is binary; the webhook payload has its named schema.
export const pdf: GetCertificatePdfResponses[200] = new Blob([]);
export const pdfText: operations['GetCertificatePdf']['responses'][200]['content']['application/pdf'] = '%PDF-1.7';
export type StatusChanged = operations['LicenseStatusChanged']['requestBody'] extends { content: { 'application/json': infer B } } ? B : never;
export const change: StatusChanged['change'] = { from: 'active', to: 'suspended' };
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          lib: ['ES2023', 'DOM'],
          module: 'preserve',
          moduleResolution: 'bundler',
          allowImportingTsExtensions: true,
          noEmit: true,
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(root, 'node_modules', '.bin', 'tsc');
    const result = await run(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  }, 120_000);
});
