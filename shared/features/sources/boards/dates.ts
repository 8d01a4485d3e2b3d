/** Board date formats, parsed to ISO `YYYY-MM-DD` (null when empty or not a real date). */
export type DateFormat = 'yyyymmdd' | 'mm/dd/yyyy' | 'floating_timestamp';

export function parseBoardDate(value: string, format: DateFormat): string | null {
  const text = value.trim();
  if (!text || text === 'None') return null;
  let y: string | undefined, m: string | undefined, d: string | undefined;
  if (format === 'yyyymmdd') [, y, m, d] = /^(\d{4})(\d{2})(\d{2})$/.exec(text) ?? [];
  else if (format === 'mm/dd/yyyy') {
    const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    if (match) [m, d, y] = [match[1]!.padStart(2, '0'), match[2]!.padStart(2, '0'), match[3]];
  } else [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+)?$/.exec(text) ?? [];
  if (!y || !m || !d) return null;
  const iso = `${y}-${m}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}
