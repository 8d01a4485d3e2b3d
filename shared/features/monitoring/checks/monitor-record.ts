/**
 * A monitor as stored (monitor-store.ts reads and writes it; the webhook secrets and the delivery read it).
 */
import type { KeyMode } from '../../../domain/caller.ts';
import type { EventRecord } from '../delivery/event-record.ts';
import type { MonitorSnapshot } from './monitor-snapshot.ts';

export interface MonitorProviderRequest {
  readonly first_name: string;
  readonly last_name: string;
  readonly state: string;
  readonly npi?: string;
}

export interface MonitorRecord {
  readonly monitor_id: string;
  readonly owner: string;
  readonly account_id: string;
  readonly mode: KeyMode;
  readonly status: 'active' | 'deleted';
  readonly created_at: string;
  readonly created_key: string;
  readonly request: MonitorProviderRequest;
  readonly provider: { name: string | null; npi: string | null; state: string; current_status: string; expiry_date: string | null };
  readonly webhook_url: string;
  /** Sealed for this monitor and owner (secret-sealer.ts); removed when the monitor is deleted. */
  readonly webhook_secret_sealed?: string;
  /**
   * The secret replaced by the last rotation, sealed the same way, still signing deliveries (after the
   * new one) until `previous_secret_expires_at`; ignored after that and removed when next seen.
   */
  readonly previous_webhook_secret_sealed?: string;
  readonly previous_secret_expires_at?: string;
  /** When the secret was last rotated; absent on monitors rotated before it was recorded, and on those never rotated. */
  readonly secret_rotated_at?: string;
  readonly alert_days_before_expiry: number;
  readonly next_check_at: string;
  readonly due_shard?: string;
  readonly last_verification_id: string;
  readonly snapshot: MonitorSnapshot;
  readonly deleted_at?: string;
  /** Deleted monitors only: epoch seconds after which the record is gone (DynamoDB TTL). */
  readonly expires_at?: number;
  /**
   * Events of the last check not yet stored and queued for delivery. They are written in the same
   * update as the check's snapshot, so a crash between the two loses nothing: whoever next finds them
   * finishes publishing them.
   */
  readonly pending_events?: EventRecord[];
}
