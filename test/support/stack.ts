/** Starts the local stack in memory for a test file, with the test routes, and issues keys on it. */
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey, type IssueKeyRequest, type IssuedKey } from '#shared/features/accounts/key-issuer.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { errorBodySchema } from '#shared/contract/error-schema.ts';
import { routes } from '#shared/platform/infra/routes.ts';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../local/runtime/stack.ts';
import { testRoutes } from './test-routes.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

export interface TestStack {
  readonly stack: LocalStack;
  readonly url: string;
  issue(request: IssueKeyRequest): Promise<IssuedKey>;
  /** fetch against the stack with an optional Bearer key. */
  call(path: string, init?: RequestInit & { key?: string }): Promise<{ status: number; headers: Headers; body: any; text: string }>;
  stop(): Promise<void>;
}

export async function startTestStack(options: LocalStackOptions = {}): Promise<TestStack> {
  const stack = await startLocalStack({ routes: [...routes, ...testRoutes], schedules: false, ...options });
  const store = new DynamoAccountStore();
  return {
    stack,
    url: stack.url,
    issue: (request) => issueKey(store, request, systemClock),
    call: async (path, init = {}) => {
      const { key, headers, ...rest } = init;
      const response = await fetch(`${stack.url}${path}`, {
        ...rest,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(headers as Record<string, string>) },
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: response.status, headers: response.headers, body, text };
    },
    stop: () => stack.stop(),
  };
}

/** Asserts the documented error shape (the OpenAPI `Error` schema) and returns the error object. */
export function errorOf(body: any): { code: string; message: string; docs: string; [k: string]: unknown } {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) throw new Error(`Not a documented error body (${parsed.error.message}): ${JSON.stringify(body)}`);
  return body.error;
}

/** A stack with the OIG list loaded and one production-plan account holding a live key and a test key. */
export async function startStackWithLeie(): Promise<{ t: TestStack; accountId: string; liveKey: string; testKey: string }> {
  const t = await startTestStack();
  await ingestLeie(dynamoExclusionStore());
  const live = await t.issue({ plan: 'production', mode: 'live' });
  const test = await t.issue({ plan: 'production', mode: 'test', accountId: live.account_id });
  return { t, accountId: live.account_id, liveKey: live.api_key, testKey: test.api_key };
}
