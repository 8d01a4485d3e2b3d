/**
 * How errors name what a fetched file calls its parts (a header cell, a sheet, an archive member): quoted
 * when the text reads as a name (a renamed column or sheet is the usual change, and the operator needs
 * to see it), else by its length only, so that an error page or other text answered instead of the
 * file, or a name built to carry text, is never quoted into errors, logs and load records.
 */

/** What a name looks like: a few words, digits and the punctuation of real names (`NPI # or P1 #`, `Zip Code`, `xl/worksheets/sheet1.xml`). */
const nameLike = /^[\p{L}\p{N} #&()/.,'_%-]{1,64}$/u;

/** Whether `text` reads as a name, and may be quoted into an error. */
export function readsAsName(text: string): boolean {
  return nameLike.test(text);
}

/** `"Zip Code"`, or `no column name (212 characters, not quoted)` with `what` = `column name`. */
export function quotedName(text: string, what: string): string {
  return readsAsName(text) ? JSON.stringify(text) : `no ${what} (${text.length} characters, not quoted)`;
}
