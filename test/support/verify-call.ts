import { expect } from 'vitest';
import { verificationResultSchema } from '#shared/features/verification/verification-result-schema.ts';
import type { TestStack } from './stack.ts';

/**
 * `POST /v1/verify` with `key`, as a client sends it: expects 200 and a body the published result schema
 * accepts, and answers that body.
 */
export async function verifyOk(t: TestStack, key: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status, res.text).toBe(200);
  verificationResultSchema.parse(res.body);
  return res.body as Record<string, any>;
}
