/**
 * Who a request acts for. Every key is live or test, and what one mode creates the other cannot see; the
 * account and mode together own verifications, monitors and events.
 */
export type KeyMode = 'live' | 'test';
export const keyModes: readonly KeyMode[] = ['live', 'test'];

/** The owner of what a request creates or reads: an account, in one mode. */
export interface Caller {
  readonly accountId: string;
  readonly mode: KeyMode;
}
