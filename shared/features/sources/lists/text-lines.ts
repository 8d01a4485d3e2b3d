/**
 * The lines of a text stream, read in linear time within a length limit: a line cut by chunk
 * boundaries is kept as its pieces and joined once, when its end arrives (never re-scanned from its
 * start on every chunk), and a line longer than the limit throws UnsafeFileError('limit') as soon as
 * it is seen.
 */
import { UnsafeFileError } from '../parse-limits.ts';

/** Each line of `chunks` (blank ones included), its LF or CRLF end dropped, at most `maxChars` characters. */
export async function* textLines(chunks: AsyncIterable<string>, maxChars: number): AsyncGenerator<string> {
  let pieces: string[] = [];
  let length = 0;
  let line = 1;
  const tooLong = () => new UnsafeFileError('limit', `line ${line} is longer than ${maxChars} characters, the limit`);
  const finish = (last: string): string => {
    const text = pieces.length > 0 ? pieces.join('') + last : last;
    pieces = [];
    length = 0;
    line++;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  for await (const chunk of chunks) {
    let from = 0;
    for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', from)) {
      if (length + (at - from) > maxChars + 1) throw tooLong();
      const text = finish(chunk.slice(from, at));
      from = at + 1;
      yield text;
    }
    if (from < chunk.length) {
      length += chunk.length - from;
      if (length > maxChars + 1) throw tooLong();
      pieces.push(chunk.slice(from));
    }
  }
  if (pieces.length > 0) yield finish('');
}
