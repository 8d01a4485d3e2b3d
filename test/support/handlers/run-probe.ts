/** Runs the function a test left in `globalThis.__probeFn`, inside the invocation of whichever function id invokes it. */
export async function handler(): Promise<unknown> {
  const fn = (globalThis as { __probeFn?: () => Promise<unknown> }).__probeFn;
  if (!fn) throw new Error('No probe function set');
  return fn();
}
