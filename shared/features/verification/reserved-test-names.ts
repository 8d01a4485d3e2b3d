/**
 * Reserved last names that force an outcome on test keys (docs/api-guide.md, "Reserved test names"):
 * what the sandbox sources answer for each (sandbox/reserved-sources.ts). Case-insensitive, any state;
 * on live keys they are ordinary names (the sandbox answers test keys only).
 */
import type { BoardStatus } from '../../domain/license-status.ts';

export type ForcedOutcome =
  | { kind: 'license'; status: BoardStatus; excluded?: boolean; disciplined?: boolean; unconfirmed?: boolean; expiresInDays?: number }
  | { kind: 'flapping' }
  | { kind: 'not_found' }
  | { kind: 'source_unavailable'; unreadable?: true }
  | { kind: 'outage' };

export const reservedTestNames: Readonly<Record<string, ForcedOutcome>> = {
  'test-active': { kind: 'license', status: 'active' },
  'test-inactive': { kind: 'license', status: 'inactive' },
  'test-suspended': { kind: 'license', status: 'suspended' },
  'test-expired': { kind: 'license', status: 'expired', expiresInDays: -30 },
  'test-revoked': { kind: 'license', status: 'revoked' },
  'test-notfound': { kind: 'not_found' },
  'test-unavailable': { kind: 'source_unavailable' },
  // The board answered a status spelling the service cannot read (reason `unreadable_value`).
  'test-unreadable': { kind: 'source_unavailable', unreadable: true },
  'test-excluded': { kind: 'license', status: 'active', excluded: true },
  'test-disciplined': { kind: 'license', status: 'active', disciplined: true },
  'test-unconfirmed': { kind: 'license', status: 'active', unconfirmed: true },
  'test-expiring': { kind: 'license', status: 'active', expiresInDays: 30 },
  'test-outage': { kind: 'outage' },
  // Monitors: active on the first verification, then suspended and active in turn on every check.
  'test-flapping': { kind: 'flapping' },
};

export function reservedTestName(lastName: string): ForcedOutcome | undefined {
  const name = lastName.trim().toLowerCase();
  return Object.hasOwn(reservedTestNames, name) ? reservedTestNames[name] : undefined;
}
