/**
 * NPPES NPI Registry API v2.1 client: lookup by NPI and search of individuals by name and state.
 * The NPI check digit is validated before any call; HTTP-200 `Errors` bodies become `rejected`
 * SourceErrors; network failures, time-outs and 5xx are retried, then reported as unavailable.
 *
 * The registry answers at most 200 results per call and skips at most 1,000, so a name search reads
 * every page it can (the later ones in parallel) and fails with `too_many_rows` when even the last
 * reachable page is full: a list the registry cut short is never taken for the whole list.
 */
import type { Deadline } from '../../../platform/deadline.ts';
import { SourceError } from '../errors.ts';
import { defaultFetchPolicy, fetchSource, type FetchPolicy } from '../http-fetch.ts';
import { nppesApiUrl } from '../../../platform/config.ts';
import { sourceNames } from '../source-config.ts';
import { sourceFailed } from '../source-telemetry.ts';
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
}

/** The registry's page size and deepest `skip`. */
export const registryPageSize = 200;
export const registryMaxSkip = 1000;

const source = sourceNames.nppes;

export class NppesClient {
  constructor(
    private readonly baseUrl: string = nppesApiUrl(),
    private readonly policy: FetchPolicy = defaultFetchPolicy,
  ) {}

  /** The registry record of an NPI, or null when the registry has none. */
  async lookup(npi: string, deadline?: Deadline): Promise<NppesIdentity | null> {
    if (!isValidNpi(npi)) throw new InvalidNpiError(npi);
    const params = { number: npi };
    let results = await this.query(params, deadline);
    // The registry is known to answer an identical query with 0 results and then 1: ask once more.
    if (results.length === 0) results = await this.query(params, deadline);
    return results.find((r) => r.npi === npi) ?? null;
  }

  /** Every individual (NPI-1) with this last name, optionally first name and state; complete or a SourceError. */
  async searchIndividuals(search: NameSearch, deadline?: Deadline): Promise<NppesIdentity[]> {
    const params: Record<string, string> = { enumeration_type: 'NPI-1', last_name: search.lastName, limit: String(registryPageSize) };
    if (search.firstName) params.first_name = search.firstName;
    if (search.state) params.state = search.state;
    const first = await this.query(params, deadline);
    if (first.length < registryPageSize) return first;
    const skips: number[] = [];
    for (let skip = registryPageSize; skip <= registryMaxSkip; skip += registryPageSize) skips.push(skip);
    const rest = await Promise.all(skips.map((skip) => this.query({ ...params, skip: String(skip) }, deadline)));
    const pages = [first, ...rest];
    const short = pages.findIndex((page) => page.length < registryPageSize);
    if (short === -1) {
      throw sourceFailed(
        new SourceError(source, 'too_many_rows', `more than ${registryMaxSkip + registryPageSize} individuals match; the registry shows no more`),
      );
    }
    return pages.slice(0, short + 1).flat();
  }

  private async query(params: Record<string, string>, deadline?: Deadline): Promise<NppesIdentity[]> {
    const url = `${this.baseUrl}?${new URLSearchParams({ version: '2.1', ...params })}`;
    const response = await fetchSource(source, url, {}, this.policy, deadline);
    if (response.status !== 200) {
      throw new SourceError(source, 'rejected', `HTTP ${response.status}`, { status: response.status });
    }
    let parsed: ReturnType<typeof parseNppesResponse>;
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
