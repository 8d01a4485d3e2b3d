/**
 * How fresh each source of a certificate was, worded for a reader of the PDF or the public record: a
 * cached answer says as of when and how long before the certificate's issue, so a board answer from the
 * cache weeks earlier cannot read as checked at the issue time.
 */
import { sourceNames } from '../sources/source-config.ts';
import type { CertificateSource } from './certificate.ts';

const dayMs = 86_400_000;
const federalSources: ReadonlySet<string> = new Set(Object.values(sourceNames));

/** The state licensing board's entries among a certificate's sources (every source that is not federal). */
export function boardSources<T extends { readonly name: string }>(sources: readonly T[]): T[] {
  return sources.filter((s) => !federalSources.has(s.name));
}

/** `2026-02-12 08:00 UTC`; a value that is not a timestamp is returned as is. */
export function utcMinute(timestamp: string): string {
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Whole days from `asOf` to `issuedAt`; null when either is not a timestamp or `asOf` is later. */
export function daysBeforeIssue(asOf: string, issuedAt: string): number | null {
  const age = Date.parse(issuedAt) - Date.parse(asOf);
  return Number.isNaN(age) || age < 0 ? null : Math.floor(age / dayMs);
}

/** `(30 days before issue)` for data a day old or more at issue, `(1 day before issue)`, else empty. */
export function ageNote(asOf: string, issuedAt: string): string {
  const days = daysBeforeIssue(asOf, issuedAt);
  if (days === null || days < 1) return '';
  return ` (${days} ${days === 1 ? 'day' : 'days'} before issue)`;
}

/** `live, as of …`, `cached, as of … (30 days before issue)` or `unavailable: could not be reached`. */
export function freshnessPhrase(source: Pick<CertificateSource, 'status' | 'as_of'>, issuedAt: string): string {
  if (source.status === 'unavailable' || source.as_of === null) return 'unavailable: could not be reached';
  const when = `as of ${utcMinute(source.as_of)}`;
  return source.status === 'live' ? `live, ${when}` : `cached, ${when}${ageNote(source.as_of, issuedAt)}`;
}
