/**
 * Rows as Socrata's SODA `/resource/{id}.json` returns them: flat objects whose values are strings
 * (booleans for checkbox columns, an object for CO's URL column). A field without a value is left out
 * of the object, as SODA's JSON does for null cells; placeholders a board stores as text (IL's "None")
 * are values and stay.
 */

export type SodaValue = string | boolean | { readonly url: string };
export type SodaRow = Record<string, SodaValue>;

/** A row with the fields in the given order, leaving out those without a value. */
export function sodaRow(fields: readonly (readonly [string, SodaValue | null | undefined])[]): SodaRow {
  const row: SodaRow = {};
  for (const [name, value] of fields) {
    if (value === null || value === undefined || value === '') continue;
    row[name] = value;
  }
  return row;
}

/** A JSON array with one element per line: compact, byte-stable, and readable in a diff. */
export function jsonArrayLines(items: readonly unknown[]): string {
  if (items.length === 0) return '[]\n';
  return `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
}
