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

/** A transfer cut off halfway: a ZIP without its central directory, a workbook no reader opens. */
export function cutInHalf(body: Buffer): Buffer {
  return body.subarray(0, Math.floor(body.length / 2));
}

/**
 * Answers a file as a static file server does: 304 with its validators when the client's copy is
 * current (never for a `malformed` answer, which must reach the client), else 200 with `headers`, the
 * validators and the body (none for HEAD).
 */
export function sendFile(
  req: { readonly method?: string | undefined; readonly headers: Parameters<typeof isNotModified>[0] },
  res: { writeHead(status: number, headers: Record<string, string>): unknown; end(body?: Buffer): unknown },
  file: Validators,
  body: Buffer,
  headers: Readonly<Record<string, string>>,
  malformed = false,
): void {
  const validators = { etag: file.etag, 'last-modified': httpDate(file.mtimeMs) };
  if (!malformed && isNotModified(req.headers, file)) {
    res.writeHead(304, validators);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': String(body.length), ...validators });
  res.end(req.method === 'HEAD' ? undefined : body);
}
