/** Calendar-day arithmetic for expiry alerts (UTC dates, as the verification engine uses). */

const dayMs = 86_400_000;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(date: string): number | null {
  const m = isoDate.exec(date);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(t) ? null : t;
}

/**
 * Whole days from the UTC date of `now` to `expiryDate`: 0 when it expires today (still valid today),
 * negative once the date has passed; null when there is no readable date.
 */
export function daysUntilExpiry(expiryDate: string | null, now: Date): number | null {
  if (expiryDate === null) return null;
  const expiry = utcDay(expiryDate);
  const today = utcDay(now.toISOString().slice(0, 10));
  if (expiry === null || today === null) return null;
  return Math.round((expiry - today) / dayMs);
}
