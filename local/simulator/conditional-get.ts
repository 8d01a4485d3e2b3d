/**
 * Conditional GET as a static file server answers it (RFC 9110 §13): `If-None-Match` is checked first
 * and, when present, `If-Modified-Since` is ignored. Entity tags compare weakly for If-None-Match
 * (`W/"x"` matches `"x"`), and `*` matches any existing file. Dates have one-second resolution.
 */

export interface Validators {
  readonly etag: string;
  readonly mtimeMs: number;
}

function opaqueTag(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** True when the client's copy is current and the answer is 304 Not Modified. */
export function isNotModified(
  headers: { readonly 'if-none-match'?: string | undefined; readonly 'if-modified-since'?: string | undefined },
  validators: Validators,
): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const wanted = opaqueTag(validators.etag);
    return ifNoneMatch.split(',').some((tag) => opaqueTag(tag) === wanted);
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(validators.mtimeMs / 1000) * 1000 <= since;
}

export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}
