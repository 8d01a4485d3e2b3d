/** Counting windows, all in UTC: fixed one-minute windows and calendar months. */

export interface Window {
  /** Sortable key of the window, e.g. `2026-11-21T23:30` or `2026-11`. */
  readonly key: string;
  readonly start: Date;
  /** First instant of the next window. */
  readonly end: Date;
}

export function minuteWindow(now: Date): Window {
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return { key: start.toISOString().slice(0, 16), start, end: new Date(start.getTime() + 60_000) };
}

export function monthWindow(now: Date): Window {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 7), start, end };
}

/** The calendar day (UTC), key `2026-11-26`. */
export function dayWindow(now: Date): Window {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { key: start.toISOString().slice(0, 10), start, end: new Date(start.getTime() + 86_400_000) };
}

/** The month `back` months before the month of `now` (0: that month). */
export function monthWindowBefore(now: Date, back: number): Window {
  return monthWindow(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
}

/** Whole seconds from `now` until `end`, at least 1. */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
