/**
 * A sanctions list, declared: where the newest file is, how to read it, how a row becomes a ListEntry,
 * and under which keys an entry is found. The generic ingest (list-ingest.ts) does the rest for every
 * list alike: download, hash, parse, versioned write, archive, atomic switch, refusals.
 */
import type { StateCode } from '../../../domain/us-states.ts';
import type { FormatConfidence } from '../source-publication.ts';
import { sourceBaseUrl } from '../../../platform/config.ts';
import { type SourceHosts, sourceHosts } from '../guarded-fetch.ts';
import type { ChangeBudget } from '../plausibility/load-plausibility.ts';
import type { ParseLimits } from '../parse-limits.ts';
import type { ListEntry } from './list-entry.ts';

/** A link on a web page, chosen by its text and/or its target (both must match where both are given). */
export interface LinkRule {
  readonly text?: RegExp;
  readonly href?: RegExp;
}

/** Where the newest file is. */
export type FileLocator =
  | {
      /** A JSON listing of the published files; the newest is picked by `pick`. */
      readonly kind: 'listing';
      /** The listing's URL under the base URL. */
      readonly listingUrl: (baseUrl: string) => string;
      /** The file names the listing holds. */
      readonly fileNames: (listing: unknown) => string[];
      /**
       * The rank of a file name (higher is newer), or null for a file that is not the list. The newest
       * few are tried in order: a name with no file behind it yet (answered 204) falls back to the next.
       */
      readonly pick: (fileName: string) => number | null;
      /** The download URL of a file name. */
      readonly downloadUrl: (baseUrl: string, fileName: string) => string;
    }
  | {
      /** One URL that always serves the current file. */
      readonly kind: 'fixed';
      readonly url: (baseUrl: string) => string;
      readonly fileName: string;
    }
  | {
      /**
       * A paged JSON data API (data.cms.gov `data-api/v1`): `<url>?size=<n>&offset=<n>` answers a JSON
       * array of row objects, read page by page until a short page (data-api.ts).
       */
      readonly kind: 'data_api';
      readonly url: (baseUrl: string) => string;
      /** The stem of the file name the pages are saved under (`<stem>-<as-of>.jsonl`). */
      readonly fileStem: string;
      /** The field whose newest date is the list's as-of date (else the day it is read). */
      readonly asOfField?: string;
    }
  | {
      /**
       * Links on a landing page (page-links.ts): each hop but the last follows the first link its rule
       * matches to the next page; the last hop's matching links are the candidate files, ranked by
       * `pick` on their file name (higher is newer; null: not the list), else in page order.
       */
      readonly kind: 'page_links';
      readonly pageUrl: (baseUrl: string) => string;
      readonly hops: readonly LinkRule[];
      readonly pick?: (fileName: string) => number | null;
    }
  | {
      /**
       * An ASP.NET (WebForms) page whose download is a postback: the page is read for its hidden form
       * fields (view state, event validation), then posted back with `eventTarget` as `__EVENTTARGET`.
       */
      readonly kind: 'aspnet_postback';
      readonly pageUrl: (baseUrl: string) => string;
      readonly eventTarget: string;
      readonly fileName: string;
    }
  | {
      /**
       * No address a program can fetch (a browser-only portal): an operator downloads the file and loads
       * it with `ingest <list> --file <path>`. `howToObtain` says where and how, for the error and docs.
       */
      readonly kind: 'operator_file';
      readonly howToObtain: string;
    };

/** How the downloaded file holds the rows. */
export type FileFormat =
  | { readonly kind: 'csv' }
  /** A ZIP archive holding exactly one `.csv` member. */
  | { readonly kind: 'zip_csv' }
  /**
   * JSON Lines of row objects (the pages of a data API, saved as read). Keys are matched to the header
   * tolerantly (case, spaces and underscores aside); an object without one of `required` is malformed.
   */
  | { readonly kind: 'json_rows'; readonly required: readonly string[] }
  /**
   * A sheet of a workbook (XLSX or legacy XLS; sheet-reader.ts), or of the one workbook member of a ZIP
   * (`zipped`). The header is the first row that equals `header` among the first `headerWithin` rows (a
   * title, an "Updated" line and a blank row above it are the preamble); rows after it are the data.
   */
  | {
      readonly kind: 'sheet';
      /** The sheet that holds the list (the first whose name matches); the first sheet when absent. */
      readonly sheet?: RegExp;
      /**
       * The other sheets the workbook may hold, not read. When given, a workbook with any further sheet
       * is refused (rows of the list could sit there); when absent, other sheets are ignored.
       */
      readonly otherSheets?: RegExp;
      readonly headerWithin?: number;
      readonly zipped?: boolean;
      /**
       * The date the content stands for, read from the preamble rows above the header (an `Updated
       * 6/10/2026` line), as an ISO date; null when it does not tell. Takes the place of `asOf`.
       */
      readonly asOfFromPreamble?: (preamble: readonly (readonly string[])[]) => string | null;
    };

/**
 * Whom a list is screened for. A federal list: everyone. A state's Medicaid list: a person verified in
 * that state, by name and identifiers; anyone else only by the NPI they supply (a name-only hit on
 * another state's list would bury the screen in namesakes).
 */
export type ListScope = { readonly kind: 'federal' } | { readonly kind: 'state'; readonly state: StateCode };

export interface ListDefinition {
  /** Short id: the source-state key, the key prefix of its rows, the archive folder, the CLI name. */
  readonly id: string;
  /** Name of the source in metrics and errors. */
  readonly displayName: string;
  readonly scope: ListScope;
  /**
   * How well the file's format is pinned down (board-definition.ts): `confirmed` only when real
   * published rows are committed under `test/fixtures/real/<id>/` and the connector is tested on them.
   */
  readonly formatConfidence: FormatConfidence;
  readonly formatNotes: string;
  /**
   * What a row can be found by: `name` (surname or entity name, and NPI where the row has one), or
   * `npi` only (a list that names nobody: the NPPES deactivation report).
   */
  readonly searchBy: 'name' | 'npi';
  /** Environment variable that overrides `defaultBaseUrl` (the local simulator, a test stage). */
  readonly baseUrlEnv: string;
  readonly defaultBaseUrl: string;
  /**
   * Hosts besides the base URL's that the list's links and redirects may lead to (over https): a data
   * portal the landing page links to, a file store the download redirects to. Any other host is refused
   * before it is requested (guarded-fetch.ts).
   */
  readonly allowedHosts?: readonly string[];
  readonly locate: FileLocator;
  readonly format: FileFormat;
  /**
   * The header row, exactly (a UTF-8 BOM before it is allowed; a sheet's trailing empty header cells
   * are not written, so leave them out). Any other header refuses the file.
   * For `json_rows`, the fields of a row object, in the order the row is handed to `entry`.
   */
  readonly header: readonly string[];
  /** A data row → entry; null for a row that cannot be read (counted as malformed). */
  readonly entry: (row: readonly string[]) => ListEntry | null;
  /** Lookup keys of an entry (lookup-keys.ts). */
  readonly keys: (entry: ListEntry) => string[];
  /**
   * The date the file's content stands for, from its name (ISO date), where the name tells (a sheet's
   * preamble can tell instead: `asOfFromPreamble`). Else the day the file is read.
   */
  readonly asOf?: (fileName: string) => string | null;
  /**
   * Rows that stand for the same party, where the list keeps several (an NPI's successive affidavits):
   * only the last row of each key is kept. Null: the row is kept as it is.
   */
  readonly latestBy?: (entry: ListEntry) => string | null;
  /**
   * How much the list may change from one version to the next before a load is held for review
   * (plausibility/load-plausibility.ts): a daily list a few percent, a monthly one more.
   */
  readonly changeBudget: ChangeBudget;
  /**
   * Where the list's files are larger than the default parse limits allow (parse-limits.ts): its own,
   * comfortably above its largest real file, with the real sizes written next to them.
   */
  readonly limits?: Partial<ParseLimits>;
}

/** The base URL a list is downloaded from: the environment's override, else the public source. */
export function listBaseUrl(definition: ListDefinition): string {
  return sourceBaseUrl(definition.baseUrlEnv, definition.defaultBaseUrl);
}

/** Where the list may be fetched from: its base URL's origin and its `allowedHosts`. */
export function listHosts(definition: ListDefinition): SourceHosts {
  return sourceHosts([listBaseUrl(definition)], definition.allowedHosts);
}
