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

/**
 * Whole days in years 1000-9999 are converted with calendar arithmetic (the days-from-civil algorithms
 * of H. Hinnant), which the scaled sample calls millions of times; anything else goes through Date.
 */
function isPlainDay(day: Day): boolean {
  return Number.isInteger(day) && day >= -354_285 && day <= 2_932_896;
}

/** Year, month (1-12) and day of month of a plain day. */
function civilOf(day: Day): [number, number, number] {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

function dayOfCivil(year: number, month: number, dayOfMonth: number): Day {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + dayOfMonth - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

export function isoDate(day: Day): string {
  if (!isPlainDay(day)) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  const [y, m, d] = civilOf(day);
  return `${y}-${two(m)}-${two(d)}`;
}

export function yearOf(day: Day): number {
  if (!isPlainDay(day)) return new Date(day * DAY_MS).getUTCFullYear();
  return civilOf(day)[0];
}

/** The same month and day `years` later (Feb 29 becomes Feb 28). */
export function addYears(day: Day, years: number): Day {
  if (isPlainDay(day) && Number.isInteger(years)) {
    const [y, m, d] = civilOf(day);
    const year = y + years;
    if (year >= 1000 && year <= 9999) return dayOfCivil(year, m, Math.min(d, daysInMonth(year, m)));
  }
  const d = new Date(day * DAY_MS);
  const target = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.round(target.getTime() / DAY_MS);
}

/** The last day of the month `day` falls in (many boards expire licenses at a month's end). */
export function endOfMonth(day: Day): Day {
  if (isPlainDay(day)) {
    const [y, m] = civilOf(day);
    return dayOfCivil(y, m, daysInMonth(y, m));
  }
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
