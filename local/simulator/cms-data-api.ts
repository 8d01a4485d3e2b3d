/**
 * data.cms.gov's data API (`data-api/v1`), as the simulator serves it from `cms/<dataset-uuid>.json` in
 * the data directory (a JSON array of row objects, exactly as the API answers them; an element that is
 * not an object is served as it is, to stand for a broken answer):
 *
 *   GET /data-api/v1/dataset/<uuid>/data?size=<n>&offset=<n>   a page of rows (size at most 5,000)
 *   GET /data-api/v1/dataset/<uuid>/data?filter[NPI]=<npi>      rows whose field equals the value
 *
 * The Socrata-style `$limit`/`$offset` parameters answer 404, as they do on the v1 endpoint; so does an
 * unknown dataset. A size or offset that is not a whole number answers 400.
 */
import { join } from 'node:path';
import { ChangeAwareFile } from './change-aware-file.ts';
import { parseJsonFile } from './json-array-lines.ts';

export const dataApiPathPattern = /^\/data-api\/v1\/dataset\/([0-9a-f-]{36})\/data$/;

/** Rows per page when the request names no size (the API's own default is not documented). */
const defaultSize = 1000;
export const maxSize = 5000;

/** A row as the file holds it: an object normally; anything else is served as it is (a broken answer). */
export type CmsRow = unknown;

const fieldOf = (row: CmsRow, field: string): string =>
  row !== null && typeof row === 'object' && !Array.isArray(row) ? String((row as Record<string, unknown>)[field] ?? '') : '';

export interface DataApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

const notFound: DataApiAnswer = { status: 404, body: { message: 'Not Found' } };

function wholeNumber(value: string | null, fallback: number): number | null {
  if (value === null) return fallback;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The answer to a query of a dataset's rows. */
export function dataApiPage(rows: readonly CmsRow[], params: URLSearchParams): DataApiAnswer {
  if ([...params.keys()].some((name) => name.startsWith('$'))) return notFound;
  const size = wholeNumber(params.get('size'), defaultSize);
  const offset = wholeNumber(params.get('offset'), 0);
  if (size === null || offset === null) return { status: 400, body: { message: 'size and offset must be whole numbers' } };
  const filters: [string, string][] = [];
  for (const [name, value] of params) {
    const field = /^filter\[([^\]]+)\]$/.exec(name)?.[1];
    if (field !== undefined) filters.push([field, value]);
  }
  const matching = filters.length === 0 ? rows : rows.filter((row) => filters.every(([field, value]) => fieldOf(row, field) === value));
  return { status: 200, body: matching.slice(offset, offset + Math.min(size, maxSize)) };
}

function parseRows(file: string) {
  return (content: Buffer): CmsRow[] => {
    const json = parseJsonFile(content);
    if (!Array.isArray(json)) throw new Error(`${file} must hold a JSON array of rows`);
    return json as CmsRow[];
  };
}

/** The datasets under `cms/`, each re-read when its file changes. */
export class CmsDatasets {
  private readonly files = new Map<string, ChangeAwareFile<CmsRow[]>>();

  constructor(private readonly dir: string) {}

  /** The rows of a dataset, or undefined when there is no `cms/<uuid>.json`. */
  async rows(dataset: string): Promise<readonly CmsRow[] | undefined> {
    let file = this.files.get(dataset);
    if (!file) {
      file = new ChangeAwareFile(join(this.dir, `${dataset}.json`), parseRows(`cms/${dataset}.json`));
      this.files.set(dataset, file);
    }
    const version = await file.current();
    if (!version) this.files.delete(dataset);
    return version?.value;
  }
}
