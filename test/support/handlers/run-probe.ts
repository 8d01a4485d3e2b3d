/** Runs the function a test registered under the event's `probe` id (test/support/invoke-as.ts), inside the invocation. */
export async function handler(event: { probe: string }): Promise<unknown> {
  const fn = (globalThis as { __probes?: Map<string, () => Promise<unknown>> }).__probes?.get(event.probe);
  if (!fn) throw new Error(`No probe registered as ${event.probe}`);
  return fn();
}
