/** The OpenAPI document's `info.version` is the newest release in CHANGELOG.md, and follows the URL's major version. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiVersion, openApiDocument } from '#shared/api/openapi/document.ts';

const root = join(import.meta.dirname, '..', '..');

describe('versioning', () => {
  it('info.version is the CHANGELOG’s newest release, a semantic version whose major is the URL’s', async () => {
    const changelog = await readFile(join(root, 'CHANGELOG.md'), 'utf8');
    const releases = [...changelog.matchAll(/^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$/gm)].map((m) => ({ version: m[1]!, date: m[2]! }));
    expect(releases.length).toBeGreaterThan(0);
    expect(releases[0]!.version).toBe(apiVersion);
    expect((openApiDocument('https://api.example.com') as unknown as { info: { version: string } }).info.version).toBe(apiVersion);
    // Newest first, each raising the version and none dated before the one it follows.
    const order = (v: string) =>
      v
        .split('.')
        .map(Number)
        .reduce((n, part) => n * 1000 + part, 0);
    for (let i = 1; i < releases.length; i++) {
      expect(order(releases[i - 1]!.version)).toBeGreaterThan(order(releases[i]!.version));
      expect(releases[i - 1]!.date >= releases[i]!.date).toBe(true);
    }
    const major = apiVersion.split('.')[0];
    for (const path of Object.keys(openApiDocument('https://api.example.com').paths)) {
      if (path.startsWith('/v')) expect(path.startsWith(`/v${major}/`)).toBe(true);
    }
  });
});
