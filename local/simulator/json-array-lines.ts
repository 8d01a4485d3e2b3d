/**
 * Parses a data file that holds one JSON array without turning a file of hundreds of megabytes into one
 * string (V8 strings stop at about 512 MB): the array is read in slices of about a megabyte, each cut
 * after a comma that ends a line (the generator writes one element per line) and parsed as an array of
 * its own. Content that cannot be cut like that is parsed whole, so the result is always exactly what
 * `JSON.parse` gives, errors included.
 */

const newline = 0x0a;
const comma = 0x2c;
const sliceBytes = 1 << 20;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}

/** The elements of a top-level array read slice by slice, or undefined when it cannot be cut so. */
function elementsInSlices(content: Buffer): unknown[] | undefined {
  let start = 0;
  let end = content.length;
  while (start < end && isSpace(content[start]!)) start++;
  while (end > start && isSpace(content[end - 1]!)) end--;
  if (end - start < 2 || content[start] !== 0x5b || content[end - 1] !== 0x5d) return undefined;
  const bodyEnd = end - 1;
  const elements: unknown[] = [];
  let pos = start + 1;
  let afterComma = false;
  while (pos < bodyEnd || afterComma) {
    // Cut at the first line end past the slice size whose line ends with a comma.
    let cut = -1;
    let commaAt = -1;
    let search = pos + sliceBytes < bodyEnd ? content.indexOf(newline, pos + sliceBytes) : -1;
    while (search >= 0 && search < bodyEnd) {
      let k = search;
      while (k > pos && isSpace(content[k - 1]!)) k--;
      if (content[k - 1] === comma) {
        cut = search;
        commaAt = k - 1;
        break;
      }
      search = content.indexOf(newline, search + 1);
    }
    const text = content.toString('utf8', pos, cut < 0 ? bodyEnd : commaAt);
    let part: unknown;
    try {
      part = JSON.parse(`[${text}]`);
    } catch {
      return undefined;
    }
    const list = part as unknown[];
    // After a comma there must be another element (`[1,]` is not JSON).
    if (afterComma && list.length === 0) return undefined;
    for (const element of list) elements.push(element);
    if (cut < 0) break;
    pos = cut + 1;
    afterComma = true;
  }
  return elements;
}

export function parseJsonFile(content: Buffer): unknown {
  return elementsInSlices(content) ?? JSON.parse(content.toString('utf8'));
}
