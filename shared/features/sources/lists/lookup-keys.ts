/**
 * The keys under which a list row is found: `I#<surname key>` for each surname key of a person (so a
 * hyphenated or two-part surname is found by either part, as the name rules match it), `E#<name key>`
 * for an entity (its normalised name, letters and digits only), `N#<npi>` for each NPI a row carries.
 */
import { lastNameKeys, normalizeName } from '../../../domain/names/normalize.ts';
import type { ListEntry } from './list-entry.ts';

export function individualKeys(lastName: string): string[] {
  return lastNameKeys(lastName).map((key) => `I#${key}`);
}

export function entityKey(name: string): string {
  return `E#${normalizeName(name).replace(/[^A-Z0-9]/g, '')}`;
}

export function npiKey(npi: string): string {
  return `N#${npi}`;
}

/**
 * The keys of a list entry: surname keys for a person (the whole name's key when the surname gives
 * none), the name key for an entity, and the NPI key when the row carries one.
 */
export function entryKeys(entry: ListEntry): string[] {
  const keys = entry.kind === 'individual' ? individualKeys(entry.lastName) : [];
  if (keys.length === 0 && entry.entityName.trim()) keys.push(entityKey(entry.entityName));
  for (const npi of new Set([...(entry.npi ? [entry.npi] : []), ...(entry.npis ?? [])])) keys.push(npiKey(npi));
  return keys;
}
