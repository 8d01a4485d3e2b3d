import { describe, expect, it } from 'vitest';
import { RememberedForAWhile, RememberedLookups } from '#shared/features/sources/remembered-lookups.ts';

describe('RememberedLookups', () => {
  const counting = () => {
    const reads: string[] = [];
    return { reads, read: (key: string) => () => (reads.push(key), Promise.resolve(`value of ${key}`)) };
  };

  it('makes each lookup once while it is kept, and callers share it', async () => {
    const { reads, read } = counting();
    const memo = new RememberedLookups<string>(10, 60_000, () => 0);
    const [a, b] = await Promise.all([memo.get('a', read('a')), memo.get('a', read('a'))]);
    expect([a, b]).toEqual(['value of a', 'value of a']);
    expect(await memo.get('a', read('a'))).toBe('value of a');
    expect(reads).toEqual(['a']);
  });

  it('keeps at most `max` keys, forgetting the oldest first, not all at once', async () => {
    const { reads, read } = counting();
    const memo = new RememberedLookups<string>(3, 60_000, () => 0);
    for (const key of ['a', 'b', 'c', 'd']) await memo.get(key, read(key));
    expect(memo.size).toBe(3);
    await memo.get('b', read('b'));
    await memo.get('d', read('d'));
    await memo.get('a', read('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'a']);
    expect(memo.size).toBe(3);
  });

  it('reads again a lookup made `maxAgeMs` ago, and forgets old ones as new ones come', async () => {
    const { reads, read } = counting();
    let now = 0;
    const memo = new RememberedLookups<string>(100, 1_000, () => now);
    await memo.get('a', read('a'));
    await memo.get('b', read('b'));
    now = 999;
    await memo.get('a', read('a'));
    expect(reads).toEqual(['a', 'b']);
    now = 1_000;
    await memo.get('c', read('c'));
    expect(memo.size).toBe(1);
    await memo.get('a', read('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('forgets a failed lookup, so the next caller tries again', async () => {
    const memo = new RememberedLookups<string>(10, 60_000, () => 0);
    await expect(memo.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(memo.size).toBe(0);
    expect(await memo.get('a', () => Promise.resolve('up'))).toBe('up');
  });
});

describe('RememberedForAWhile', () => {
  it('forgets a failed read', async () => {
    const memo = new RememberedForAWhile<string>();
    await expect(memo.get('v', 60_000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('v', 60_000, () => Promise.resolve('up'))).toBe('up');
  });
});
