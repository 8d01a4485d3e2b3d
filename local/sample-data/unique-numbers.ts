/**
 * License numbers for the scaled sample, unique where the board keeps them unique (per dataset; per
 * license type in Colorado). Numbers come from the kind's own format (license-catalog.ts); once that
 * format's space is crowded (a Texas Medical Board letter has 10,000 four-digit numbers), numbers get
 * one more digit, as boards do when a series runs out.
 *
 * The scaled sample is made in independent parts (chunks, possibly in parallel); each part owns the
 * numbers whose trailing digits fall in its residue class (a drawn number's last digits are moved into
 * it), so no two parts can hand out the same number.
 */
import type { LicenseKind } from './license-catalog.ts';
import type { Rng } from './prng.ts';

/** Collisions in a row before a scope's numbers get one more digit. */
const collisionsBeforeWidening = 16;

interface Scope {
  readonly used: Set<string>;
  extraDigits: number;
}

export class UniqueNumbers {
  private readonly scopes = new Map<string, Scope>();

  /** This generator owns the numbers whose trailing digits are `part` modulo `parts`. */
  constructor(
    private readonly part = 0,
    private readonly parts = 1,
  ) {}

  private scope(kind: LicenseKind): Scope {
    const key = kind.state === 'CO' ? `${kind.dataset}#${kind.type}` : kind.dataset;
    let scope = this.scopes.get(key);
    if (!scope) {
      scope = { used: new Set(), extraDigits: 0 };
      this.scopes.set(key, scope);
    }
    return scope;
  }

  /** The number with its trailing digits moved into this part's residue class (same length). */
  private owned(number: string): string {
    if (this.parts === 1) return number;
    const tail = /\d+$/.exec(number)?.[0];
    if (!tail || 10 ** tail.length <= this.parts) throw new Error(`license number ${number} has too few trailing digits for ${this.parts} parts`);
    const value = Number(tail);
    let mine = value - (value % this.parts) + this.part;
    if (mine >= 10 ** tail.length) mine -= this.parts;
    return number.slice(0, number.length - tail.length) + String(mine).padStart(tail.length, '0');
  }

  next(rng: Rng, kind: LicenseKind, issuedYear: number): string {
    const scope = this.scope(kind);
    let collisions = 0;
    for (;;) {
      const base = kind.number(rng, issuedYear);
      const number = this.owned(scope.extraDigits === 0 ? base : base + rng.digits(scope.extraDigits));
      if (!scope.used.has(number)) {
        scope.used.add(number);
        return number;
      }
      if (++collisions >= collisionsBeforeWidening) {
        scope.extraDigits++;
        collisions = 0;
      }
    }
  }
}
