/**
 * The TypeScript client (clients/typescript) has a method for every operation of the OpenAPI document,
 * named the camelCase of its operation id, and its declared `OperationId` union is exactly the
 * document's operation ids: an operation added to the API without its client method fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openApiDocument } from '#shared/api/openapi/document.ts';
import { LicenseVerificationClient } from '../../clients/typescript/src/index.js';

const sdk = join(import.meta.dirname, '..', '..', 'clients', 'typescript', 'src');
const document = openApiDocument('https://api.license-verification.invalid') as unknown as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const operationIds = Object.values(document.paths)
  .flatMap((item) => Object.values(item).map((op) => op.operationId))
  .filter((id): id is string => typeof id === 'string')
  .sort();

it('has a method for every operation, named the camelCase of its operation id', () => {
  expect(operationIds.length).toBeGreaterThan(30);
  const client = new LicenseVerificationClient({ baseUrl: 'https://api.license-verification.invalid', apiKey: 'svc_test_x' }) as unknown as Record<
    string,
    unknown
  >;
  const missing = operationIds.filter((id) => typeof client[id[0]!.toLowerCase() + id.slice(1)] !== 'function');
  expect(missing).toEqual([]);
});

it('declares OperationId as exactly the document operation ids', () => {
  const declarations = readFileSync(join(sdk, 'index.d.ts'), 'utf8');
  const union = /export type OperationId =([^;]+);/.exec(declarations)?.[1] ?? '';
  const declared = [...union.matchAll(/'(\w+)'/g)].map((m) => m[1]).sort();
  expect(declared).toEqual(operationIds);
});
