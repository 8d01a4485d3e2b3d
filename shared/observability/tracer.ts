/**
 * X-Ray tracing (Powertools Tracer). Active only inside Lambda with tracing on: outside Lambda (the local
 * stack, tests, the operator CLI) or with POWERTOOLS_TRACE_ENABLED=false every call here is a no-op, and
 * no X-Ray daemon is needed.
 *
 * Outgoing HTTP is not captured automatically: source URLs carry provider names in their query strings
 * and webhook URLs are customers'. Source calls get their own subsegment (`traceSegment`), named and
 * annotated by source only. AWS SDK clients are traced through `traced` where they are created.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { telemetryServiceName } from './catalogue.ts';

export const tracer = new Tracer({ serviceName: telemetryServiceName, captureHTTPsRequests: false });

/** Adds X-Ray subsegments for every call the client makes (when tracing is on). */
export function traced<C>(client: C): C {
  return tracer.captureAWSv3Client(client);
}

/** Runs `fn` in its own subsegment with searchable annotations; errors are recorded and rethrown. */
export async function traceSegment<T>(name: string, annotations: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  if (!tracer.isTracingEnabled()) return fn();
  return tracer.provider.captureAsyncFunc(`### ${name}`, async (subsegment) => {
    for (const [key, value] of Object.entries(annotations)) subsegment?.addAnnotation(key, value);
    try {
      return await fn();
    } catch (error) {
      subsegment?.addError(error as Error);
      throw error;
    } finally {
      subsegment?.close();
    }
  }) as Promise<T>;
}
