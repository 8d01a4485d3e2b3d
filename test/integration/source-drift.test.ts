/**
 * A board whose answer changes format never yields a definite outcome: a status spelling the connector
 * does not know, a renamed column and a row without a column each answer `source_unavailable` with a
 * reason naming what could not be read, are counted (`UnreadableValues` by source) and logged, and are
 * never cached. The simulator changes the rows of a live answer the way a publisher's change would.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verificationResultSchema } from '#shared/features/verification/verification-result-schema.ts';
import { captureOutput, type Line } from '../support/capture-output.ts';
import type { SourceDataCopy } from '../support/source-data.ts';
import type { TestStack } from '../support/stack.ts';
import { startSampleDataStackWithKey } from '../support/sample-data-stack.ts';

// Metrics are written to the log at DEBUG in the local stack; the level is read when the logger is built.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

let t: TestStack, data: SourceDataCopy, key: string, stop: () => Promise<void>;
beforeAll(async () => void ({ t, data, key, stop } = await startSampleDataStackWithKey('production')));
afterAll(() => stop());

const wa = 'Washington State Department of Health';
const ct = 'Connecticut Department of Public Health and Department of Consumer Protection (eLicensing)';

async function verify(body: Record<string, unknown>) {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  return verificationResultSchema.parse(res.body);
}

/** Verifies under `faults`, returning the result and the log lines of the request. */
async function verifyUnder(faults: Parameters<SourceDataCopy['setFaults']>[0], body: Record<string, unknown>) {
  await data.setFaults(faults);
  try {
    let result!: Awaited<ReturnType<typeof verify>>;
    const { lines } = await captureOutput(async () => {
      result = await verify(body);
    });
    return { result, lines };
  } finally {
    await data.setFaults({});
  }
}

const metricsOf = (lines: Line[]) =>
  lines.filter((l) => l.message === 'metrics' && l.route === 'POST /v1/verify').map((l) => l.metrics as Record<string, unknown>);

describe('a board answering in a format the connector does not know', () => {
  it('an unknown status spelling answers source_unavailable naming the value, is counted, and is not cached', async () => {
    const request = { first_name: 'Rebecca', last_name: 'Long', state: 'WA' };
    const { result, lines } = await verifyUnder({ 'qxh8-f4bd': { drift: { set: { status: 'ACTIVE PENDING AUDIT' } } } }, request);
    expect(result).toMatchObject({ status: 'source_unavailable', verified: false, license_number: null, name: null });
    expect(result.sources.find((s) => s.name === wa)).toEqual({
      name: wa,
      status: 'unavailable',
      as_of: null,
      reason: { code: 'unreadable_value', field: 'status', raw_value: 'ACTIVE PENDING AUDIT', message: expect.stringContaining('"ACTIVE PENDING AUDIT"') },
      // What the board answered is kept as evidence: the response that holds the unreadable value.
      evidence: [expect.objectContaining({ kind: 'response', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })],
    });
    expect(result.sources_checked).not.toContain(wa);
    expect(metricsOf(lines)[0]).toMatchObject({ [`UnreadableValues{source=${wa}}`]: 1, UnreadableValues: 1 });
    expect(lines.find((l) => l.message === 'Source answered a value the service cannot read')).toMatchObject({
      source: wa,
      field: 'status',
      raw_value: 'ACTIVE PENDING AUDIT',
      dataset: 'qxh8-f4bd',
    });
    // Not cached: with the board answering its known spelling again, the next verification reads it live.
    const again = await verify(request);
    expect(again).toMatchObject({ status: 'expired', license_number: 'PA00540981', source_live: true, cached: false });
  });

  it('a renamed status column answers source_unavailable naming the column, never not_found or inactive', async () => {
    const { result, lines } = await verifyUnder(
      { 'qxh8-f4bd': { drift: { rename: { status: 'credential_status' } } } },
      { first_name: 'Carla', last_name: 'Morris', state: 'WA' },
    );
    expect(result.status).toBe('source_unavailable');
    expect(result.sources.find((s) => s.name === wa)?.reason).toMatchObject({ code: 'format_changed', field: 'column', raw_value: 'status' });
    expect(metricsOf(lines)[0]).toMatchObject({ [`UnreadableValues{source=${wa}}`]: 1 });
    // The registry identity stays valid (spec, rule 2).
    expect(result.sources_checked).toContain('NPPES NPI Registry');
  });

  it('one row without a column among others is left out: the answer cannot show there is no license', async () => {
    const request = { first_name: 'Margaret', last_name: 'Okafor', state: 'CT' };
    const { result, lines } = await verifyUnder({ 'ngch-56tr': { drift: { drop_in_first_row: ['credential'] } } }, request);
    // Her nursing license is the row that could not be read; the other row is a trade license, never healthcare.
    expect(result.status).toBe('source_unavailable');
    expect(result.sources.find((s) => s.name === ct)).toMatchObject({
      status: 'unavailable',
      reason: { code: 'format_changed', field: 'column', raw_value: 'credential' },
    });
    expect(metricsOf(lines)[0]).toMatchObject({ [`UnreadableValues{source=${ct}}`]: 1 });
    expect(lines.find((l) => l.message === 'Board rows without a required column were left out of the answer')).toMatchObject({ skipped_rows: 1, rows: 2 });
    const whole = await verify(request);
    expect(whole).toMatchObject({ status: 'active', source_live: true, license_type: 'Registered Nurse' });
  });
});
