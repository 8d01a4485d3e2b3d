/**
 * NPI check digit: Luhn over "80840" + the first nine digits (the NPI standard's ISO 7812 prefix).
 * Checked before any registry call, so a mistyped NPI never costs a request.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  return luhnCheckDigit(`80840${npi.slice(0, 9)}`) === Number(npi[9]);
}

export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}
