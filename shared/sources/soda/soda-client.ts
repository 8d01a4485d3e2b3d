/**
 * Generic Socrata SODA client: `GET /resource/<dataset>.json` with SoQL parameters, an optional
 * `X-App-Token`, time-out, retries (429 honoured), stable paging with `$order`, and a check that the
 * answer is what SODA returns (a JSON array of objects), never garbage passed on as data.
 */
import { SourceError } from '../errors.ts';
import { defaultFetchPolicy, fetchSource, type FetchPolicy } from '../http-fetch.ts';
import { sodaAppToken } from '../source-config.ts';
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
  /** Upper bound on rows fetched for one query (pages × page size). */
  readonly maxRows?: number;
}

export class SodaClient {
  private readonly policy: FetchPolicy;
  private readonly appToken: string | undefined;
  private readonly pageSize: number;
  private readonly maxRows: number;

  constructor(options: SodaClientOptions = {}) {
    this.policy = options.policy ?? defaultFetchPolicy;
    this.appToken = options.appToken === undefined ? sodaAppToken() : options.appToken || undefined;
    this.pageSize = options.pageSize ?? 1000;
    this.maxRows = options.maxRows ?? 5000;
  }

  /** All rows matching the query, paged in `$order` order up to `maxRows`. */
  async query(dataset: SodaDataset, query: Omit<SoqlQuery, 'limit' | 'offset'>): Promise<SodaRow[]> {
    const rows: SodaRow[] = [];
    for (let offset = 0; offset < this.maxRows; offset += this.pageSize) {
      const page = await this.page(dataset, { ...query, limit: this.pageSize, offset });
      rows.push(...page);
      if (page.length < this.pageSize) break;
    }
    return rows;
  }

  async page(dataset: SodaDataset, query: SoqlQuery): Promise<SodaRow[]> {
    const url = `${dataset.baseUrl}/resource/${encodeURIComponent(dataset.id)}.json?${soqlParams(query)}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.appToken) headers['x-app-token'] = this.appToken;
    const response = await fetchSource(dataset.source, url, { headers }, this.policy);
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
