/** Polls `probe` every 100 ms until it returns a value (not undefined), or fails after `ms`. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
