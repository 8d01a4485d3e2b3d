/**
 * Letters next to each other on a US QWERTY keyboard: a finger that lands one key off types one of
 * them. Each key touches its left and right neighbours on its row and the two keys it sits between on
 * the rows above and below (each row is set half a key to the right of the one above: A sits below Q
 * and W, and above Z). Keys that are not letters are left out.
 */

const rows: readonly string[] = ['QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM'];

function buildNeighbours(): ReadonlyMap<string, string> {
  const neighbours = new Map<string, string>();
  rows.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      const around = [row[i - 1], row[i + 1], rows[r - 1]?.[i], rows[r - 1]?.[i + 1], rows[r + 1]?.[i - 1], rows[r + 1]?.[i]];
      neighbours.set(
        row[i]!,
        around
          .filter((key): key is string => key !== undefined)
          .sort()
          .join(''),
      );
    }
  });
  return neighbours;
}

const neighbourKeysOf = buildNeighbours();

/** The letters on the keys next to an upper-case letter's (`G` → `BFHTVY`); empty for anything else. */
export function neighbourKeys(letter: string): string {
  return neighbourKeysOf.get(letter) ?? '';
}

/** True when two upper-case letters are on neighbouring keys. */
export function areNeighbourKeys(a: string, b: string): boolean {
  return a.length === 1 && b.length === 1 && neighbourKeys(a).includes(b);
}
