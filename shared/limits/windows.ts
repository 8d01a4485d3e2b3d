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

/** Whole seconds from `now` until `end`, at least 1. */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
