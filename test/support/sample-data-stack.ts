/**
 * The local stack over a private, editable copy of the bundled sample data, with the LEIE list ingested,
 * for tests that follow live monitors on the simulator: the stack's `all` loopback setting lets those
 * monitors post to receivers on this machine.
 */
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from './source-data.ts';
import { startTestStack, type TestStack } from './stack.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

export interface SampleDataStack {
  readonly t: TestStack;
  readonly data: SourceDataCopy;
  stop(): Promise<void>;
}

/** With `leie: false`, the OIG list is left unloaded (the tests of board answers alone). */
export async function startSampleDataStack(options: { readonly leie?: boolean } = {}): Promise<SampleDataStack> {
  const data = await copySourceData(sampleDataDir);
  const t = await startTestStack({ sourceDataDir: data.dir });
  if (options.leie !== false) await ingestLeie(dynamoExclusionStore());
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'all';
  return {
    t,
    data,
    stop: async () => {
      process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
      await t.stop();
      await data.remove();
    },
  };
}

/** The sample-data stack without the OIG list, and a live key of a new account of `plan` on it. */
export async function startSampleDataStackWithKey(plan: 'production' | 'enterprise'): Promise<SampleDataStack & { readonly key: string }> {
  const stack = await startSampleDataStack({ leie: false });
  return { ...stack, key: (await stack.t.issue({ plan, mode: 'live' })).api_key };
}
