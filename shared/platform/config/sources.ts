/**
 * Where the external sources are and how they are fetched: the real public endpoints by default, the
 * local simulator when the environment says so.
 */
import { environment } from './environment.ts';
import { runsOnAwsLambda } from './service.ts';

/** `NPPES_API_URL`: the NPPES NPI Registry API; default `https://npiregistry.cms.hhs.gov/api/`. */
export function nppesApiUrl(): string {
  return environment().NPPES_API_URL ?? 'https://npiregistry.cms.hhs.gov/api/';
}

/** `LEIE_CSV_URL`: the OIG LEIE file; default `https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv`. */
export function leieCsvUrl(): string {
  return environment().LEIE_CSV_URL ?? 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv';
}

/** `LEIE_RESPONSE_TIMEOUT_MS`: how long the LEIE download waits for its response to start; default (unset, not a positive number) 30 000 ms. */
export function leieResponseTimeoutMs(): number {
  const responseMs = Number(environment().LEIE_RESPONSE_TIMEOUT_MS);
  return Number.isFinite(responseMs) && responseMs > 0 ? responseMs : 30_000;
}

/** `SODA_BASE_URL`: base URL of a Socrata domain, overriding every domain (the simulator serves them all); default `https://<defaultDomain>`, without trailing slashes. */
export function sodaBaseUrl(defaultDomain: string): string {
  return (environment().SODA_BASE_URL ?? `https://${defaultDomain}`).replace(/\/+$/, '');
}

/** `SODA_APP_TOKEN`: optional Socrata app token, sent as X-App-Token; default (unset or empty) none. */
export function sodaAppToken(): string | undefined {
  return environment().SODA_APP_TOKEN || undefined;
}

/** The variable a roster or list definition names (`baseUrlEnv`): its base URL; default the definition's `defaultBaseUrl`, without trailing slashes. */
export function sourceBaseUrl(variable: string, defaultBaseUrl: string): string {
  return (environment()[variable] ?? defaultBaseUrl).replace(/\/+$/, '');
}

/** `LIST_RESPONSE_TIMEOUT_MS`: how long a list download waits for its response to start; default (unset, not a positive number) 30 000 ms. */
export function listResponseTimeoutMs(): number {
  const responseMs = Number(environment().LIST_RESPONSE_TIMEOUT_MS);
  return Number.isFinite(responseMs) && responseMs > 0 ? responseMs : 30_000;
}

/** `LIST_PAGE_SIZE`: rows asked for per data API page (tests use small pages); default (unset, not a positive integer) undefined, the API's maximum. */
export function listPageSize(): number | undefined {
  const size = Number(environment().LIST_PAGE_SIZE);
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

/** The local-stack setting that lets sources be fetched from loopback addresses (the simulator). */
export const sourceLoopbackVariable = 'SOURCE_ALLOW_LOOPBACK';

/**
 * `SOURCE_ALLOW_LOOPBACK`: `true` lets a source whose configured host is on this machine be fetched from
 * it; unset, empty or `false` (the default) is off. Any other value, or the waiver on AWS Lambda, is a
 * configuration error: a deployed stack never fetches from its own machine.
 */
export function sourceLoopbackAllowedFromEnv(env: NodeJS.ProcessEnv = environment()): boolean {
  const value = (env[sourceLoopbackVariable] ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value !== 'true') throw new Error(`${sourceLoopbackVariable} must be true or false, got "${value}"`);
  if (runsOnAwsLambda(env)) throw new Error(`${sourceLoopbackVariable} is a local-stack setting and is refused on AWS Lambda`);
  return true;
}
