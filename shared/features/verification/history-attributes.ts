/**
 * What a stored verification carries for its history: the index keys of the account-and-mode history
 * (`owner`, `created_key`), of the sparse NPI and surname indexes, and the `history` summary those
 * indexes project (the filterable fields and the CSV columns; never a date of birth). Pure.
 */
import { lastNameKey } from '../../domain/names/normalize.ts';
import type { KeyMode } from '../../domain/caller.ts';

/** What the caller asked to verify, without the date of birth. */
export interface HistorySubject {
  readonly first_name: string;
  readonly last_name: string;
  readonly state: string;
  readonly npi?: string | null;
}

/** The projected summary of one verification: enough to filter on and to write its CSV row. */
export interface HistorySummary {
  readonly created_at: string;
  readonly mode: KeyMode;
  readonly first_name: string;
  readonly last_name: string;
  /** The requested surname as the service matches names: upper case, accents and punctuation removed, parts joined. */
  readonly name_key: string;
  readonly state: string;
  readonly npi: string | null;
  readonly license_name: string | null;
  readonly license_number: string | null;
  readonly status: string;
  readonly verified: boolean;
  readonly expiry_date: string | null;
  readonly disciplined: boolean;
  readonly oig_excluded: boolean;
  readonly sanctioned: boolean;
}

/** The result fields the summary reads. */
export interface SummarisedResult {
  readonly verified: boolean;
  readonly status: string;
  readonly name: string | null;
  readonly license_number: string | null;
  readonly expiry_date: string | null;
  readonly disciplinary_flags: boolean;
  readonly oig_excluded: boolean;
  readonly sanctioned: boolean;
  readonly npi: string | null;
}

export interface HistoryRecordInput {
  readonly verification_id: string;
  readonly account_id: string;
  readonly mode: KeyMode;
  readonly created_at: string;
  readonly result: SummarisedResult;
}

/** `account#mode`: whose history an item belongs to. */
export const historyOwner = (accountId: string, mode: KeyMode) => `${accountId}#${mode}`;

/** Sort key of the history indexes: the creation time then the id, so it is unique and time-ordered. */
export const createdKey = (createdAt: string, verificationId: string) => `${createdAt}#${verificationId}`;

export const npiIndexKey = (owner: string, npi: string) => `${owner}#${npi}`;
export const lastNameIndexKey = (owner: string, nameKey: string) => `${owner}#${nameKey}`;

/** The attributes a verification item gets for its history. */
export function historyAttributes(record: HistoryRecordInput, subject: HistorySubject) {
  const owner = historyOwner(record.account_id, record.mode);
  const npi = subject.npi ?? record.result.npi ?? null;
  const nameKey = lastNameKey(subject.last_name);
  const history: HistorySummary = {
    created_at: record.created_at,
    mode: record.mode,
    first_name: subject.first_name,
    last_name: subject.last_name,
    name_key: nameKey,
    state: subject.state,
    npi,
    license_name: record.result.name,
    license_number: record.result.license_number,
    status: record.result.status,
    verified: record.result.verified,
    expiry_date: record.result.expiry_date,
    disciplined: record.result.disciplinary_flags,
    oig_excluded: record.result.oig_excluded,
    sanctioned: record.result.sanctioned,
  };
  return {
    owner,
    created_key: createdKey(record.created_at, record.verification_id),
    ...(npi ? { owner_npi: npiIndexKey(owner, npi) } : {}),
    ...(nameKey ? { owner_last_name: lastNameIndexKey(owner, nameKey) } : {}),
    history,
  };
}
