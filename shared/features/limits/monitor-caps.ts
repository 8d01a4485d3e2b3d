/**
 * The cap on active monitors per account and mode, and the port that keeps it exact under concurrent
 * creations (`MonitorSlotStore`; in DynamoDB: adapters/monitor-slots.ts).
 */
import type { KeyMode } from '../../domain/caller.ts';

/** Active monitors an account may hold, by mode (undefined: no cap). */
export const monitorCaps: Readonly<Record<KeyMode, number | undefined>> = { live: undefined, test: 100 };

/** One slot per active monitor of a capped mode. */
export interface MonitorSlotStore {
  /** Takes one slot; false when the account already holds its cap of active monitors in this mode. */
  take(accountId: string, mode: KeyMode): Promise<boolean>;
  /** Gives a slot back (a monitor deleted, or a creation that failed after taking it); never below zero. */
  release(accountId: string, mode: KeyMode): Promise<void>;
}
