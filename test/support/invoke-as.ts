/**
 * Runs `fn` inside an invocation of the named function (a route or worker id), so that function's AWS
 * permissions apply to the calls it makes and the calls are recorded as that function's, as when the
 * code runs in that function's handler on AWS.
 */
import { invoke } from '../../local/runtime/lambda-runtime.ts';

export async function invokeAs<T>(functionId: string, fn: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const probes = ((globalThis as { __probes?: Map<string, () => Promise<unknown>> }).__probes ??= new Map());
  const id = `${functionId}-${probes.size}-${Math.random()}`;
  probes.set(id, fn);
  try {
    return (await invoke('test/support/handlers/run-probe.ts', functionId, { probe: id }, timeoutMs)) as T;
  } finally {
    probes.delete(id);
  }
}
