/**
 * Two third-party linters judge the generated OpenAPI document: Spectral's `spectral:oas` ruleset and
 * Redocly's `recommended` config, both with zero errors (their warnings are printed, not failed on).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openApiDocument } from '#shared/api/openapi/document.ts';

const bin = (name: string) => join(import.meta.dirname, '..', '..', 'node_modules', '.bin', name);
let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(openApiDocument('https://api.license-verification.invalid')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('Spectral (spectral:oas) finds no errors', () => {
  const ruleset = join(dir, '.spectral.yaml');
  writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
  const out = execFileSync(bin('spectral'), ['lint', '--format', 'json', '--fail-severity', 'error', '-r', ruleset, file], { encoding: 'utf8' });
  const findings = JSON.parse(out.slice(out.indexOf('['))) as { severity: number; code: string; message: string }[];
  // Spectral severities: 0 error, 1 warning, 2 info, 3 hint.
  expect(findings.filter((f) => f.severity === 0)).toEqual([]);
}, 120_000);

it('Redocly (recommended) finds no errors', () => {
  const config = join(dir, 'redocly.yaml');
  writeFileSync(config, 'extends:\n  - recommended\n');
  const out = execFileSync(bin('redocly'), ['lint', '--config', config, '--format', 'json', file], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const report = JSON.parse(out.slice(out.indexOf('{'))) as { totals: { errors: number }; problems: { severity: string; ruleId: string; message: string }[] };
  expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(report.totals.errors).toBe(0);
}, 120_000);
