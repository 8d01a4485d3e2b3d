/**
 * Calendar dates for the sample data, all in UTC days. "Today" is a fixed reference date so that the
 * output never depends on when it was generated: licenses "expiring soon" expire within 30/60/90 days
 * of it, expired ones before it.
 */

export const REFERENCE_DATE = '2026-11-01';

const DAY_MS = 86_400_000;

/** A calendar date as a count of days since 1970-01-01. */
export type Day = number;

export function dayOf(iso: string): Day {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`not a date: ${iso}`);
  return Math.round(ms / DAY_MS);
}

export const TODAY: Day = dayOf(REFERENCE_DATE);

export function isoDate(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function yearOf(day: Day): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** The same month and day `years` later (Feb 29 becomes Feb 28). */
export function addYears(day: Day, years: number): Day {
  const d = new Date(day * DAY_MS);
  const target = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.round(target.getTime() / DAY_MS);
}

/** The last day of the month `day` falls in (many boards expire licenses at a month's end). */
export function endOfMonth(day: Day): Day {
  const d = new Date(day * DAY_MS);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / DAY_MS);
}

/** WA and TX Board of Nursing, LEIE: `20240513`. */
export function yyyymmdd(day: Day): string {
  return isoDate(day).replaceAll('-', '');
}

/** Illinois: `05/13/2024`. */
export function mmddyyyy(day: Day): string {
  const [y, m, d] = isoDate(day).split('-');
  return `${m}/${d}/${y}`;
}

/** SODA floating_timestamp (no time zone): `2024-05-13T00:00:00.000`. */
export function floatingTimestamp(day: Day): string {
  return `${isoDate(day)}T00:00:00.000`;
}

/** Unix time in whole seconds at a given hour of the day (NPPES epochs). */
export function epochSeconds(day: Day, secondsIntoDay = 0): number {
  return day * 86_400 + secondsIntoDay;
}
