/** Large JSON fields stored compressed are read back as they were; a damaged one is unreadable, never a wrong value. */
import { describe, expect, it } from 'vitest';
import { compressJson, withDecompressed } from '#shared/features/records/compressed-fields.ts';

const result = {
  verification_id: 'vrf_x',
  status: 'active',
  name: 'Zoë O’Brien',
  sources: Array.from({ length: 20 }, (_, i) => ({ name: `source ${i}`, status: 'live' })),
};

describe('compressed fields', () => {
  it('round-trip, at a fraction of the JSON’s size', () => {
    const bytes = compressJson(result);
    expect(bytes.length).toBeLessThan(JSON.stringify(result).length / 3);
    expect(withDecompressed({ id: 'a', result_br: bytes }, ['result'])).toEqual({ id: 'a', result });
  });

  it('leave an item stored before compression as it is', () => {
    expect(withDecompressed({ id: 'a', result }, ['result', 'certificate'])).toEqual({ id: 'a', result });
  });

  it('prefer the compressed attribute, and drop a field whose bytes do not decompress', () => {
    expect(withDecompressed({ result: { stale: true }, result_br: compressJson(result) }, ['result'])).toEqual({ result });
    expect(withDecompressed({ id: 'a', result: { stale: true }, result_br: new Uint8Array([1, 2, 3]) }, ['result'])).toEqual({ id: 'a' });
  });
});
