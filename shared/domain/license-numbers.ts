/**
 * License numbers as people and sources write them. A board writes `036130980`, `L1-0036439` or
 * `RN00354170`; providers type the same number into the NPPES registry as `036-130980`, `36130980`,
 * `130980`, `L10036439`, `36439` or `354170`: separators, leading zeros and the state's profession
 * prefix come and go. Two writings agree when they are the same after separators and leading zeros are
 * dropped, or when their serials (the digits after the prefix, without leading zeros) are equal and at
 * most one side writes a prefix, or both write the same one.
 */

/** Uppercase letters and digits only, leading zeros of the digits after a letter prefix dropped: `036-499525` → `36499525`. */
export function normalizeLicenseNumber(value: string): string {
  const compact = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const m = /^([A-Z]*)0*(\d+)$/.exec(compact);
  return m ? `${m[1]}${m[2]}` : compact;
}

/** A state's profession prefix on its numbers: letters by default; IL's 3-digit code; DE's letter and digit. */
export type LicenseNumberPrefix = RegExp;

export const letterPrefix: LicenseNumberPrefix = /^[A-Z]+(?=\d)/;

/** Serials shorter than this are too weak to link a registry number to a license without its prefix. */
const minSerialDigits = 4;

function split(value: string, prefix: LicenseNumberPrefix): { prefix: string; serial: string } | undefined {
  const compact = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const m = prefix.exec(compact);
  const rest = m ? compact.slice(m[0].length) : compact;
  if (!/^\d+$/.test(rest)) return undefined;
  const serial = rest.replace(/^0+/, '');
  if (serial.length < minSerialDigits) return undefined;
  return { prefix: m ? m[0].replace(/^0+/, '') : '', serial };
}

/** Whether two writings of a license number name the same license (see the module note). */
export function licenseNumbersAgree(a: string, b: string, prefix: LicenseNumberPrefix = letterPrefix): boolean {
  if (normalizeLicenseNumber(a) === normalizeLicenseNumber(b)) return true;
  const x = split(a, prefix);
  const y = split(b, prefix);
  if (!x || !y || x.serial !== y.serial) return false;
  return x.prefix === '' || y.prefix === '' || x.prefix === y.prefix;
}
