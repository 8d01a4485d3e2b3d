import { describe, expect, it } from 'vitest';
import { captureEvidence, noteSourceResponse, replayEvidence } from '#shared/features/evidence/evidence-capture.ts';
import { evidenceObjectKey, sha256Hex } from '#shared/features/evidence/evidence.ts';
import type { CapturedResponse } from '#shared/features/evidence/evidence.ts';

const response = (text: string, status = 200): CapturedResponse => ({
  source: 'Board',
  status,
  contentType: 'application/json',
  bytes: new TextEncoder().encode(text),
  fetchedAt: new Date('2026-11-28T03:00:00.000Z'),
});

describe('evidence capture', () => {
  it('collects every response noted within it, in parallel calls too, and none outside it', async () => {
    noteSourceResponse(response('outside'));
    const seen: string[] = [];
    const { value, responses } = await captureEvidence(
      async () => {
        await Promise.all([
          (async () => noteSourceResponse(response('[1]')))(),
          new Promise<void>((resolve) =>
            setTimeout(() => {
              noteSourceResponse(response('[2]'));
              noteSourceResponse(response('{"error":"x"}', 400));
              resolve();
            }, 5),
          ),
        ]);
        return 42;
      },
      (r) => seen.push(new TextDecoder().decode(r.bytes)),
    );
    expect(value).toBe(42);
    expect(responses.map((r) => new TextDecoder().decode(r.bytes))).toEqual(['[1]', '[2]', '{"error":"x"}']);
    // Only successful responses are stored as they arrive.
    expect(seen).toEqual(['[1]', '[2]']);
  });

  it('keeps nested captures apart and hands shared responses to another caller', async () => {
    const shared = await captureEvidence(async () => noteSourceResponse(response('shared')));
    const outer = await captureEvidence(async () => {
      noteSourceResponse(response('own'));
      replayEvidence(shared.responses);
    });
    expect(outer.responses.map((r) => new TextDecoder().decode(r.bytes))).toEqual(['own', 'shared']);
  });
});

describe('evidence objects', () => {
  it('are addressed by the SHA-256 of the raw bytes and the year received', () => {
    const hash = sha256Hex(new TextEncoder().encode('[]'));
    expect(hash).toBe('4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945');
    expect(evidenceObjectKey(hash, '2026-11-28T03:00:00.000Z')).toBe(`responses/2026/${hash}.gz`);
  });
});
