import { randomBytes } from 'node:crypto';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters from the system CSPRNG (rejection sampling, no bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += base62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** An unguessable identifier such as `acct_…` or `vrf_…` (24 base62 characters, about 143 bits). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomBase62(length)}`;
}

/** Matches an id made by `newId(prefix)`: the prefix, `_`, and 24 base62 characters. */
export function idPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}_[0-9A-Za-z]{24}$`);
}

/** `vrf_…`: a verification (and its certificate). */
export const verificationIdPattern = idPattern('vrf');
/** `mon_…`: a monitor. */
export const monitorIdPattern = idPattern('mon');
/** `evt_…`: a webhook event. */
export const eventIdPattern = idPattern('evt');
/** The public id of an API key (`key_…`); never derived from the key's secret alone. */
export const apiKeyIdPattern = idPattern('key');
/** `exp_…`: a CSV export of the verification history. */
export const historyExportIdPattern = idPattern('exp');
