/**
 * Generic Socrata SODA client: `GET /resource/<dataset>.json` with SoQL parameters, an optional
 * `X-App-Token`, time-out, retries (429 honoured), stable paging with `$order`, and a check that the
 * answer is what SODA returns (a JSON array of objects), never garbage passed on as data.
 *
 * A query answers every matching row or fails: the first page is asked alone (most answers fit in it);
 * a full first page is followed by a `count(*)` and the remaining pages in parallel, then by further
 * pages until one comes back short, and a second `count(*)`; a read whose counts and rows disagree
 * (the dataset changed meanwhile) is made once more, then fails (`inconsistent`). More rows than
 * `maxRows` is a failure of the source for that query (`too_many_rows`), never a truncated list.
 */
import type { Deadline } from '../../../platform/deadline.ts';
import { SourceError } from '../errors.ts';
import { defaultFetchPolicy, fetchSource, type FetchPolicy } from '../http-fetch.ts';
import { sodaAppToken } from '../../../platform/config.ts';
import { sourceFailed } from '../source-telemetry.ts';
import { soqlParams, type SoqlQuery } from './soql.ts';

export type SodaRow = Record<string, unknown>;

export interface SodaDataset {
  /** Base URL of the Socrata domain, e.g. `https://data.wa.gov`. */
  readonly baseUrl: string;
  readonly id: string;
  /** Human-readable source name, used in errors and `sources_checked`. */
  readonly source: string;
}

export interface SodaClientOptions {
  readonly policy?: FetchPolicy;
  readonly appToken?: string;
  readonly pageSize?: number;
  /** Most rows one query may answer; a query matching more fails with `too_many_rows`. */
  readonly maxRows?: number;
}

export const defaultPageSize = 1000;
export const defaultMaxRows = 20_000;

export class SodaClient {
  private readonly policy: FetchPolicy;
  private readonly appToken: string | undefined;
  private readonly pageSize: number;
  private readonly maxRows: number;

  constructor(options: SodaClientOptions = {}) {
    this.policy = options.policy ?? defaultFetchPolicy;
    this.appToken = options.appToken === undefined ? sodaAppToken() : options.appToken || undefined;
    this.pageSize = options.pageSize ?? defaultPageSize;
    this.maxRows = options.maxRows ?? defaultMaxRows;
  }

  /** Every row matching the query, in `$order` order: complete, or a SourceError. */
  async query(dataset: SodaDataset, query: Omit<SoqlQuery, 'limit' | 'offset'>, deadline?: Deadline): Promise<SodaRow[]> {
    const first = await this.page(dataset, { ...query, limit: this.pageSize, offset: 0 }, deadline);
    if (first.length < this.pageSize) return first;
    // A dataset that changes while its pages are read can move a row across a page boundary: a read of
    // several pages is kept only when the count before it, the rows read and a count after it agree.
    for (let attempt = 1; ; attempt++) {
      const before = await this.count(dataset, query.where, deadline);
      const rows = await this.pages(dataset, query, before, attempt === 1 ? first : undefined, deadline);
      const after = await this.count(dataset, query.where, deadline);
      if (before === rows.length && after === rows.length) return rows;
      if (attempt === 2) {
        throw sourceFailed(
          new SourceError(
            dataset.source,
            'inconsistent',
            `dataset ${dataset.id}: changed while it was read (${before} rows, then ${rows.length} read, then ${after})`,
          ),
        );
      }
    }
  }

  /** Every page of a query expected to hold `total` rows (the first page when already read), in parallel. */
  private async pages(
    dataset: SodaDataset,
    query: Omit<SoqlQuery, 'limit' | 'offset'>,
    total: number,
    first: SodaRow[] | undefined,
    deadline: Deadline | undefined,
  ): Promise<SodaRow[]> {
    const size = this.pageSize;
    const pageAt = (offset: number) => this.page(dataset, { ...query, limit: size, offset }, deadline);
    this.ensureWithinLimit(dataset, total);
    const offsets: number[] = [];
    for (let offset = first ? size : 0; offset < Math.max(total, 1); offset += size) offsets.push(offset);
    const pages = [...(first ? [first] : []), ...(await Promise.all(offsets.map(pageAt)))];
    // Rows added since the count: read on until a page comes back short.
    let offset = size * pages.length;
    while (pages.at(-1)!.length === size) {
      this.ensureWithinLimit(dataset, offset + 1);
      pages.push(await pageAt(offset));
      offset += size;
    }
    return pages.flat();
  }

  /** The number of rows matching `where` (`$select=count(*)`). */
  async count(dataset: SodaDataset, where: string | undefined, deadline?: Deadline): Promise<number> {
    const params = new URLSearchParams({ $select: 'count(*) AS n' });
    if (where) params.set('$where', where);
    const [row] = await this.get(dataset, params, deadline);
    const n = Number(row?.n);
    if (!Number.isInteger(n) || n < 0) throw new SourceError(dataset.source, 'malformed', `dataset ${dataset.id}: count(*) answered ${JSON.stringify(row?.n)}`);
    return n;
  }

  private ensureWithinLimit(dataset: SodaDataset, rows: number): void {
    if (rows > this.maxRows) {
      throw sourceFailed(
        new SourceError(dataset.source, 'too_many_rows', `dataset ${dataset.id}: ${rows} rows match, more than the ${this.maxRows} one query may answer`),
      );
    }
  }

  /** One page of a query (`$limit`/`$offset` over its `$order`). */
  page(dataset: SodaDataset, query: SoqlQuery, deadline?: Deadline): Promise<SodaRow[]> {
    return this.get(dataset, soqlParams(query), deadline);
  }

  private async get(dataset: SodaDataset, params: URLSearchParams, deadline?: Deadline): Promise<SodaRow[]> {
    const url = `${dataset.baseUrl}/resource/${encodeURIComponent(dataset.id)}.json?${params}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.appToken) headers['x-app-token'] = this.appToken;
    const response = await fetchSource(dataset.source, url, { headers }, this.policy, deadline);
    if (response.status === 400 && /no[-_ ]such[-_ ]column/i.test(response.text)) {
      // A column the connector queries is gone: the dataset's format changed, which is no answer.
      throw sourceFailed(
        new SourceError(dataset.source, 'malformed', `dataset ${dataset.id}: a queried column does not exist ${sodaMessage(response.text)}`, {
          status: response.status,
        }),
      );
    }
    if (response.status !== 200) {
      throw new SourceError(dataset.source, 'rejected', `dataset ${dataset.id}: HTTP ${response.status} ${sodaMessage(response.text)}`, {
        status: response.status,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(response.text);
    } catch {
      throw new SourceError(dataset.source, 'malformed', `dataset ${dataset.id}: response is not JSON`);
    }
    if (!Array.isArray(json) || !json.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row))) {
      throw new SourceError(dataset.source, 'malformed', `dataset ${dataset.id}: response is not an array of rows`);
    }
    return json as SodaRow[];
  }
}

function sodaMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? `(${parsed.message.slice(0, 200)})` : '';
  } catch {
    return '';
  }
}
