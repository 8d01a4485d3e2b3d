/**
 * In-memory index of NPPES result objects: by NPI and by upper-cased last name (the provider's own,
 * former names from `other_names`, and an organization's authorized official, all of which the
 * registry's last-name search reaches). Objects are kept exactly as stored; older captures have an
 * integer `number`, newer ones a string, and both are indexed by the digits.
 */

export type NppesRecord = Readonly<Record<string, unknown>>;

export interface NppesIndex {
  /** All records in load order (files by name, then their order inside the file). */
  readonly records: readonly NppesRecord[];
  readonly byNumber: ReadonlyMap<string, readonly number[]>;
  readonly byLastName: ReadonlyMap<string, readonly number[]>;
}

export const emptyNppesIndex: NppesIndex = { records: [], byNumber: new Map(), byLastName: new Map() };

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export const asArray = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

export function normalizeName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.toUpperCase();
}

function addName(names: string[], value: unknown): void {
  const name = normalizeName(value);
  if (name !== undefined && !names.includes(name)) names.push(name);
}

/** Every last name a last-name search can reach for this record. */
export function lastNamesOf(record: NppesRecord): string[] {
  const basic = asObject(record.basic) ?? {};
  const names: string[] = [];
  addName(names, basic.last_name);
  addName(names, basic.authorized_official_last_name);
  const others = record.other_names;
  if (Array.isArray(others)) for (const other of others) addName(names, asObject(other)?.last_name);
  return names;
}

/**
 * The records of one data file: a single result object, an array of them, or a whole captured API
 * response (`{"result_count": …, "results": [...]}`).
 */
export function recordsOfFile(json: unknown, file: string): NppesRecord[] {
  const wrapper = asObject(json);
  const list = Array.isArray(json) ? json : wrapper && Array.isArray(wrapper.results) ? wrapper.results : [json];
  return list.map((item, i) => {
    const record = asObject(item);
    if (!record || (typeof record.number !== 'string' && typeof record.number !== 'number')) {
      throw new Error(`${file}: entry ${i} is not an NPPES result object with a number`);
    }
    return record;
  });
}

export function buildNppesIndex(records: readonly NppesRecord[]): NppesIndex {
  const byNumber = new Map<string, number[]>();
  const byLastName = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  records.forEach((record, i) => {
    add(byNumber, String(record.number), i);
    for (const name of lastNamesOf(record)) add(byLastName, name, i);
  });
  return { records, byNumber, byLastName };
}
