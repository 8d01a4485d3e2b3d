/**
 * A verification record: the result returned to the caller and its signed certificate, owned by one
 * account and mode, written once and kept eight years (adapters/verification-store.ts).
 */
import type { IssuedCertificate } from '../certificates/certificate.ts';
import type { KeyMode } from '../../domain/caller.ts';
import type { HistorySubject } from './history-attributes.ts';
import type { VerificationResult } from './verification-result.ts';

export const retentionYears = 8;

/**
 * The stored certificate may predate the profession, the match and the sources' freshness
 * (`IssuedCertificate`); the stored result may predate `match_note`, which then reads as null.
 */
export interface VerificationRecord {
  readonly verification_id: string;
  readonly account_id: string;
  readonly mode: KeyMode;
  readonly created_at: string;
  readonly result: VerificationResult;
  readonly certificate: IssuedCertificate;
}

/** The verification records. */
export interface VerificationStore {
  /** Stores the record of a verification of `subject` (what was asked, without the date of birth). */
  put(record: VerificationRecord, subject: HistorySubject): Promise<void>;
  /** The record, only for its owner (account and mode); anyone else gets undefined. */
  getOwned(verificationId: string, accountId: string, mode: KeyMode): Promise<VerificationRecord | undefined>;
}
