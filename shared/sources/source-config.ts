/**
 * Where the external sources are: the real public endpoints by default, the local simulator when the
 * environment says so. Only configuration differs between the two.
 */
import { type SourceHosts, sourceHosts } from './guarded-fetch.ts';

export const sourceNames = {
  nppes: 'NPPES NPI Registry',
  leie: 'OIG LEIE',
} as const;

/** How a source served a request: `live` (fetched for it), `cached` (from the cache or the ingested list) or `unavailable`. */
export const sourceReportStatuses = ['live', 'cached', 'unavailable'] as const;
export type SourceReportStatus = (typeof sourceReportStatuses)[number];

export function nppesApiUrl(): string {
  return process.env.NPPES_API_URL ?? 'https://npiregistry.cms.hhs.gov/api/';
}

export function leieCsvUrl(): string {
  return process.env.LEIE_CSV_URL ?? 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv';
}

/** Where the LEIE may be fetched from: the configured file's origin only (OIG serves it from its own host). */
export function leieHosts(url: string = leieCsvUrl()): SourceHosts {
  return sourceHosts([url]);
}

/**
 * How long the LEIE download may take: until the response starts (a server that accepts and never
 * answers is given up on after this; `LEIE_RESPONSE_TIMEOUT_MS`), and in all, body included.
 */
export function leieDownloadTimeouts(): { responseMs: number; totalMs: number } {
  const responseMs = Number(process.env.LEIE_RESPONSE_TIMEOUT_MS);
  return { responseMs: Number.isFinite(responseMs) && responseMs > 0 ? responseMs : 30_000, totalMs: 300_000 };
}

/** Base URL of a Socrata domain; `SODA_BASE_URL` overrides every domain (the simulator serves them all). */
export function sodaBaseUrl(defaultDomain: string): string {
  return (process.env.SODA_BASE_URL ?? `https://${defaultDomain}`).replace(/\/+$/, '');
}

/** Optional Socrata app token, sent as X-App-Token. */
export function sodaAppToken(): string | undefined {
  return process.env.SODA_APP_TOKEN || undefined;
}
