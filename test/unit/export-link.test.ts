/** A history export's download link never outlives the export: it stops at `expires_at` at the latest. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ExportFiles } from '#shared/features/history/adapters/export-files.ts';
import type { ExportRecord } from '#shared/features/history/export-record.ts';
import { downloadLinkSeconds, downloadLinkSecondsAt } from '#shared/features/history/export-view.ts';
import { newContainer } from '#shared/platform/container.ts';

const now = new Date('2026-11-28T10:00:00.250Z');
const expiringIn = (seconds: number) => ({ expires_at: Math.floor(now.getTime() / 1000) + seconds });

describe('downloadLinkSecondsAt', () => {
  it('is the 15 minutes of a link while the export has longer left', () => {
    expect(downloadLinkSecondsAt(expiringIn(86_400), now)).toBe(downloadLinkSeconds);
    expect(downloadLinkSecondsAt(expiringIn(downloadLinkSeconds + 1), now)).toBe(downloadLinkSeconds);
  });

  it('ends with the export when it expires sooner, at least a second', () => {
    expect(downloadLinkSecondsAt(expiringIn(300), now)).toBe(299);
    expect(downloadLinkSecondsAt(expiringIn(1), now)).toBe(1);
    expect(downloadLinkSecondsAt(expiringIn(-5), now)).toBe(1);
  });
});

describe('S3ExportFiles.downloadLink', () => {
  const names = [
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'AWS_CREDENTIAL_EXPIRATION',
    'BUCKET_HISTORY_EXPORTS',
  ] as const;
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  beforeAll(() => {
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      BUCKET_HISTORY_EXPORTS: 'exports-bucket',
    });
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_CREDENTIAL_EXPIRATION;
    newContainer();
  });
  afterAll(() => {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
    newContainer();
  });

  const record = (seconds: number) => ({ export_id: 'exp_link', object_key: 'exports/exp_link.csv', ...expiringIn(seconds) }) as ExportRecord;

  it('signs for 15 minutes an export that has a day left', async () => {
    const link = await new S3ExportFiles().downloadLink(record(86_400), now);
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe(String(downloadLinkSeconds));
    expect(Date.parse(link.expiresAt) - now.getTime()).toBe(downloadLinkSeconds * 1000);
  });

  it('signs an export that expires in five minutes only until then, and says so', async () => {
    const link = await new S3ExportFiles().downloadLink(record(300), now);
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('299');
    expect(Date.parse(link.expiresAt)).toBeLessThanOrEqual(record(300).expires_at * 1000);
  });
});
