/** The public address of the API and the runtime the code runs in. */
import { environment } from './environment.ts';

/** `PUBLIC_BASE_URL`: base URL of the public API, used in links (`docs`, certificate records); default `http://127.0.0.1:3000`, without trailing slashes. */
export function publicBaseUrl(): string {
  return (environment().PUBLIC_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
}

/** Link to a section of the API reference. */
export function docsUrl(anchor: string): string {
  return `${publicBaseUrl()}/docs#${anchor}`;
}

export const serviceName = 'License Verification API';

/** `AWS_EXECUTION_ENV` / `AWS_LAMBDA_FUNCTION_NAME`: true inside the AWS Lambda runtime; default false (the local stack runs handlers in-process, without these variables). */
export function runsOnAwsLambda(env: NodeJS.ProcessEnv = environment()): boolean {
  return (env.AWS_EXECUTION_ENV ?? '').startsWith('AWS_Lambda_') || (env.AWS_LAMBDA_FUNCTION_NAME ?? '') !== '';
}

/** `POWERTOOLS_DEV` as Powertools reads it (1, true, yes or on): the local stack sets it; Lambda never does; default false. */
export function devMode(env: Readonly<Record<string, string | undefined>> = environment()): boolean {
  return ['1', 'true', 'yes', 'on'].includes((env.POWERTOOLS_DEV ?? '').trim().toLowerCase());
}

/** `POWERTOOLS_SERVICE_NAME`: the service name on log lines; unset by default (the logger then names the telemetry catalogue's service). */
export function logServiceName(): string | undefined {
  return environment().POWERTOOLS_SERVICE_NAME;
}
