/**
 * Gives every license that no scenario pinned a raw status, drawn by the dataset's weights, then makes
 * sure every spelling the notes list for the dataset occurs at least once (rare ones replace the
 * dataset's most common status on a random compatible license). Finally keeps related licenses
 * consistent: an APRN or prescriptive authority does not outlive a revoked or suspended parent, and
 * a person one board lists as deceased holds no current license elsewhere.
 */
import type { License } from './model.ts';
import type { Rng } from './prng.ts';
import { rawStatuses, type RawStatus, statusChoicesFor } from './raw-statuses.ts';

export function assignStatuses(rng: Rng, licenses: readonly License[]): void {
  for (const license of licenses) {
    if (license.pinned) continue;
    const choices = statusChoicesFor(license.kind);
    license.status = rng.fork(`status:${license.id}`).weighted(choices.map((s) => [s, s.weight] as const));
  }
  ensureEveryStatusOccurs(rng.fork('coverage'), licenses);
  followParents(licenses);
  followDeath(licenses);
}

function ensureEveryStatusOccurs(rng: Rng, licenses: readonly License[]): void {
  const byDataset = new Map<string, License[]>();
  for (const license of licenses) {
    const list = byDataset.get(license.kind.dataset) ?? [];
    list.push(license);
    byDataset.set(license.kind.dataset, list);
  }
  for (const [dataset, statuses] of Object.entries(rawStatuses)) {
    const rows = byDataset.get(dataset) ?? [];
    const common = [...statuses].sort((a, b) => b.weight - a.weight)[0]!;
    for (const status of statuses) {
      if (rows.some((l) => l.status.text === status.text)) continue;
      const candidates = rows.filter(
        (l) => !l.pinned && l.status.text === common.text && statusChoicesFor(l.kind).some((s) => s.text === status.text) && !hasDependants(l, licenses),
      );
      if (candidates.length === 0) continue;
      rng.pick(candidates).status = status;
    }
  }
}

function hasDependants(license: License, licenses: readonly License[]): boolean {
  return licenses.some((l) => l.parent === license);
}

const endsParent = new Set(['suspended', 'revoked', 'deceased']);

function followParents(licenses: readonly License[]): void {
  for (const license of licenses) {
    const parent = license.parent;
    if (!parent || license.pinned || !endsParent.has(parent.status.meaning)) continue;
    const same: RawStatus | undefined = statusChoicesFor(license.kind).find((s) => s.meaning === parent.status.meaning);
    if (same) license.status = same;
  }
}

/** A holder recorded as deceased by one board holds no current license elsewhere. */
function followDeath(licenses: readonly License[]): void {
  const deceased = new Set(licenses.filter((l) => l.status.meaning === 'deceased').map((l) => l.holder));
  for (const license of licenses) {
    if (license.pinned || !deceased.has(license.holder) || license.status.meaning === 'deceased') continue;
    if (license.status.meaning !== 'active' && license.status.meaning !== 'conditional') continue;
    const choices = statusChoicesFor(license.kind);
    const ended =
      choices.find((s) => s.meaning === 'deceased') ?? choices.find((s) => s.meaning === 'inactive') ?? choices.find((s) => s.meaning === 'expired');
    if (ended) license.status = ended;
  }
}
