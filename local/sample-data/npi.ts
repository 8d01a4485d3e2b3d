/**
 * National Provider Identifiers: 10 digits whose last digit is a Luhn check digit computed over
 * "80840" (the ISO health-card prefix) followed by the first nine digits.
 */
import type { Rng } from './prng.ts';

/** The Luhn check digit for "80840" + the nine given digits. */
export function npiCheckDigit(firstNine: string): number {
  if (!/^\d{9}$/.test(firstNine)) throw new Error(`need nine digits, got ${firstNine}`);
  const digits = `80840${firstNine}`;
  let sum = 0;
  // Walking from the right, double every other digit starting with the rightmost (the check digit
  // position is to its right).
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidNpi(npi: string): boolean {
  return /^\d{10}$/.test(npi) && npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/**
 * Hands out unique, valid NPIs. Real NPIs start with 1 or 2 whatever the entity type; the second
 * digit is random too.
 */
export class NpiIssuer {
  private readonly issued = new Set<string>();

  constructor(private readonly rng: Rng) {}

  next(): string {
    for (;;) {
      const firstNine = `${this.rng.weighted([
        ['1', 0.8],
        ['2', 0.2],
      ] as const)}${this.rng.digits(8)}`;
      const npi = `${firstNine}${npiCheckDigit(firstNine)}`;
      if (!this.issued.has(npi)) {
        this.issued.add(npi);
        return npi;
      }
    }
  }

  /** Marks an NPI as taken (e.g. one chosen elsewhere) so it is never handed out again. */
  reserve(npi: string): void {
    this.issued.add(npi);
  }
}
