/**
 * The local stack for the API benchmarks: the bundled sample data (a private copy, so faults can be
 * injected), the OIG list ingested, and an Enterprise live key with no practical per-minute limit.
 */
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { ingestServedLists } from '../../local/runtime/ingest-lists.ts';
import { type LocalStack, sampleDataDir, startLocalStack } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

export interface Answer {
  readonly ms: number;
  readonly status: number;
  readonly json: Record<string, unknown>;
}

export interface LocalApi {
  readonly data: SourceDataCopy;
  /** The local gateway's base URL. */
  readonly url: string;
  /** The account the key belongs to. */
  readonly accountId: string;
  /** The stack itself (its emulators, simulator, TTL sweeper). */
  readonly stack: LocalStack;
  /** One request with the key; the time is from sending to the whole body read. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer>;
  /** As `call`, and throws unless the answer is 200. */
  ok(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer>;
  stop(): Promise<void>;
}

export interface LocalApiOptions {
  /** Ingest every sanctions list the simulator serves too (not only the OIG list). */
  readonly sanctionsLists?: boolean;
  /** Keep the stack's state in this directory (DynamoDB in LevelDB on disk, as `npm start` does) instead of in memory. */
  readonly stateDir?: string;
}

export async function startLocalApi(options: LocalApiOptions = {}): Promise<LocalApi> {
  const data = await copySourceData(sampleDataDir);
  const stack = await startLocalStack({
    sourceDataDir: data.dir,
    schedules: false,
    ingestOnStart: false,
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
  });
  try {
    await ingestLeie(dynamoExclusionStore());
    if (options.sanctionsLists) await ingestServedLists(dynamoSanctionsStore());
    const { api_key, account_id } = await issueKey(new DynamoAccountStore(), { plan: 'enterprise', mode: 'live', minuteLimit: 1_000_000 }, systemClock);
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> => {
      const started = performance.now();
      const res = await fetch(`${stack.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${api_key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as Record<string, unknown>;
      return { ms: performance.now() - started, status: res.status, json };
    };
    return {
      data,
      url: stack.url,
      accountId: account_id,
      stack,
      call,
      async ok(method, path, body) {
        const answer = await call(method, path, body);
        if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
        return answer;
      },
      async stop() {
        await stack.stop();
        await data.remove();
      },
    };
  } catch (error) {
    await stack.stop();
    await data.remove();
    throw error;
  }
}

/** Runs `fn` on a fresh local API and stops it afterwards. */
export async function withLocalApi<T>(fn: (api: LocalApi) => Promise<T>, options: LocalApiOptions = {}): Promise<T> {
  const api = await startLocalApi(options);
  try {
    return await fn(api);
  } finally {
    await api.stop();
  }
}
