/**
 * NPPES NPI Registry API v2.1 client: lookup by NPI and search of individuals by name and state.
 * The NPI check digit is validated before any call; HTTP-200 `Errors` bodies become `rejected`
 * SourceErrors; network failures, time-outs and 5xx are retried, then reported as unavailable.
 */
import { SourceError } from '../errors.ts';
import { defaultFetchPolicy, fetchSource, type FetchPolicy } from '../http-fetch.ts';
import { nppesApiUrl, sourceNames } from '../source-config.ts';
import { isValidNpi } from './npi.ts';
import { NppesFormatError, parseNppesResponse, type NppesIdentity } from './parse.ts';

export class InvalidNpiError extends Error {
  constructor(readonly npi: string) {
    super(`${npi} is not a valid NPI (10 digits with a valid check digit)`);
  }
}

export interface NameSearch {
  readonly lastName: string;
  readonly firstName?: string;
  readonly state?: string;
  /** 1-200 (the registry's maximum). */
  readonly limit?: number;
}

const source = sourceNames.nppes;

export class NppesClient {
  constructor(
    private readonly baseUrl: string = nppesApiUrl(),
    private readonly policy: FetchPolicy = defaultFetchPolicy,
  ) {}

  /** The registry record of an NPI, or null when the registry has none. */
  async lookup(npi: string): Promise<NppesIdentity | null> {
    if (!isValidNpi(npi)) throw new InvalidNpiError(npi);
    const params = { number: npi };
    let results = await this.query(params);
    // The registry is known to answer an identical query with 0 results and then 1: ask once more.
    if (results.length === 0) results = await this.query(params);
    return results.find((r) => r.npi === npi) ?? null;
  }

  /** Individuals (NPI-1) by last name, optionally first name and state. */
  async searchIndividuals(search: NameSearch): Promise<NppesIdentity[]> {
    const params: Record<string, string> = {
      enumeration_type: 'NPI-1',
      last_name: search.lastName,
      limit: String(Math.min(200, Math.max(1, search.limit ?? 200))),
    };
    if (search.firstName) params.first_name = search.firstName;
    if (search.state) params.state = search.state;
    return this.query(params);
  }

  private async query(params: Record<string, string>): Promise<NppesIdentity[]> {
    const url = `${this.baseUrl}?${new URLSearchParams({ version: '2.1', ...params })}`;
    const response = await fetchSource(source, url, {}, this.policy);
    if (response.status !== 200) {
      throw new SourceError(source, 'rejected', `HTTP ${response.status}`, { status: response.status });
    }
    let parsed;
    try {
      parsed = parseNppesResponse(response.text);
    } catch (error) {
      if (error instanceof NppesFormatError) throw new SourceError(source, 'malformed', error.message, { cause: error });
      throw error;
    }
    if (!parsed.ok) {
      throw new SourceError(source, 'rejected', parsed.errors.map((e) => `${e.description}${e.field ? ` (${e.field})` : ''}`).join('; '));
    }
    return parsed.identities;
  }
}
