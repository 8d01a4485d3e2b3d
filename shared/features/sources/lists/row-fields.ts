/**
 * A list row read by column name: the definitions of the lists name their columns once, and every row
 * is read through them. A row with another number of cells than the columns is no row of the list.
 */
export type RowFields<C extends string> = (name: C) => string;

/** The reader of rows with `columns`: a row's cells by name, trimmed; null for a row of another width. */
export function rowFields<C extends string>(columns: readonly C[]): (row: readonly string[]) => RowFields<C> | null {
  const index = new Map<C, number>(columns.map((name, i) => [name, i]));
  return (row) => (row.length === columns.length ? (name) => row[index.get(name)!]!.trim() : null);
}
