/**
 * What a sanctions match calls a list row that names nobody (the NPPES deactivation report lists NPIs
 * alone): the NPI it was found by, `NPI 1234567893`. The result and the certificate report it so; the
 * public record, which never shows an NPI, leaves such a name out and names the list instead.
 */

export function unnamedRowName(npi: string | null): string {
  return npi ? `NPI ${npi}` : 'Unnamed';
}

/** True for a name `unnamedRowName` gave a row by its NPI. */
export function isUnnamedRowName(name: string): boolean {
  return /^NPI \d{10}$/.test(name);
}
