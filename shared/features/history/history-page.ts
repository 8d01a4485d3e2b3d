/**
 * One page of a caller's verification history: the plan of the filters, the index page after the
 * cursor, then the page's stored results in one BatchGetItem.
 */
import { defaultPageSize } from '../../contract/pagination.ts';
import type { Caller } from '../../domain/caller.ts';
import { historyOwner } from '../verification/history-attributes.ts';
import { HistoryFilterError, planHistoryQuery, type HistoryFilters } from './history-query.ts';
import type { HistoryStore } from './ports.ts';
import { historyItem, type HistoryItem } from './history-view.ts';

export interface HistoryPageRequest extends HistoryFilters {
  readonly limit?: number;
  readonly starting_after?: string;
}

export interface HistoryPageBody {
  readonly data: HistoryItem[];
  readonly has_more: boolean;
  readonly next_cursor: string | null;
}

export async function historyPage(store: HistoryStore, caller: Caller, request: HistoryPageRequest): Promise<HistoryPageBody> {
  const owner = historyOwner(caller.accountId, caller.mode);
  const plan = planHistoryQuery(owner, request);
  let after: Awaited<ReturnType<HistoryStore['position']>>;
  if (request.starting_after) {
    after = await store.position(request.starting_after, owner);
    if (!after) throw new HistoryFilterError('starting_after', 'starting_after is not one of your verifications.');
  }
  const page = await store.page(plan, request.limit ?? defaultPageSize, after);
  const results = await store.results(page.entries.map((e) => e.verification_id));
  const data = page.entries.flatMap((entry) => {
    const result = results.get(entry.verification_id);
    return result ? [historyItem(entry, result)] : [];
  });
  return { data, has_more: page.hasMore, next_cursor: page.hasMore && page.last ? page.last.verification_id : null };
}
