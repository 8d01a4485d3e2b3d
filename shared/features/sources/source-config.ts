/**
 * Where the external sources are: the real public endpoints by default, the local simulator when the
 * environment says so. Only configuration differs between the two.
 */
import { leieCsvUrl, leieResponseTimeoutMs } from '../../platform/config.ts';
import { type SourceHosts, sourceHosts } from './guarded-fetch.ts';

export const sourceNames = {
  nppes: 'NPPES NPI Registry',
  leie: 'OIG LEIE',
} as const;

/** Where the LEIE may be fetched from: the configured file's origin only (OIG serves it from its own host). */
export function leieHosts(url: string = leieCsvUrl()): SourceHosts {
  return sourceHosts([url]);
}

/**
 * How long the LEIE download may take: until the response starts (a server that accepts and never
 * answers is given up on after this; `LEIE_RESPONSE_TIMEOUT_MS`), and in all, body included.
 */
export function leieDownloadTimeouts(): { responseMs: number; totalMs: number } {
  return { responseMs: leieResponseTimeoutMs(), totalMs: 300_000 };
}
