/**
 * Verification records written straight to the table through the store, as copies of a real one with
 * another id, time and subject: a history of any size and age without running verifications.
 */
import { newId } from '#shared/platform/ids.ts';
import type { HistorySubject } from '#shared/features/verification/history-attributes.ts';
import { DynamoVerificationStore } from '#shared/features/verification/adapters/verification-store.ts';
import type { VerificationRecord } from '#shared/features/verification/verification-record.ts';

export interface SeedEntry {
  readonly createdAt: string;
  readonly subject: HistorySubject;
  /** Overrides of the copied result. */
  readonly result?: Partial<VerificationRecord['result']>;
}

/** Stores copies of `template`, one per entry, 25 at a time; answers their ids in entry order. */
export async function seedHistory(
  template: VerificationRecord,
  entries: readonly SeedEntry[],
  owner?: Pick<VerificationRecord, 'account_id' | 'mode'>,
): Promise<string[]> {
  const store = new DynamoVerificationStore();
  const ids = entries.map(() => newId('vrf'));
  for (let i = 0; i < entries.length; i += 25) {
    await Promise.all(
      entries.slice(i, i + 25).map((entry, j) => {
        const id = ids[i + j]!;
        return store.put(
          {
            ...template,
            ...owner,
            verification_id: id,
            created_at: entry.createdAt,
            result: { ...template.result, ...entry.result, verification_id: id, checked_at: entry.createdAt },
          },
          entry.subject,
        );
      }),
    );
  }
  return ids;
}
