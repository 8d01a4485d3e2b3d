/**
 * Moves the verification counters of earlier versions into the month items of the usage table
 * (usage-items.ts), where they now live. Two older layouts:
 *
 * - On the account item (the version before this one): `verifications#<YYYY-MM>#base` and `#overage`,
 *   `verifications#<YYYY-MM-DD>#live` and `#test`, and `verifications#<YYYY-MM>#moved` (the oldest
 *   layout's month added, below). `moveAccountCounters` moves them, a month at a time, in three
 *   conditional UpdateItems (two items change in one call only in a transaction, which the local
 *   emulator lacks and DynamoDB bills twice):
 *   1. on the account item, the month's counters are removed and recorded, with the values read, as one
 *      move (`verifications#<YYYY-MM>#moving`: an id and the counts), on condition that each counter
 *      still holds the value read and that no move of the month is under way: the counts change place
 *      on the one item, atomically, and a counter changed meanwhile (a charge of the earlier version
 *      still running during a deploy) makes it start again from a new read;
 *   2. on the month item, the counts are added with the move's marker `moved#<id>`, on condition that
 *      the marker is absent: a move is added once, whoever finishes it and however often;
 *   3. on the account item, the move is removed, on condition that it is still that move.
 *   A count is at every moment in exactly one place: on the account item, in a move not yet added (no
 *   marker), or in the month item. Any request or run that finds a move finishes it; nothing is ever
 *   written without a condition on what was read, so runs, requests that meet such an account
 *   (usage-store.ts moves an account's counters before it reads its usage) and charges can all go on at
 *   once and nothing is counted twice or lost.
 * - In the usage table (two versions back): `month#<YYYY-MM>` items with `base` and `overage`, which
 *   that upgrade added to the account items. `moveLegacyMonthItems` adds each, once, to the month item
 *   (`legacy_moved_at` is set by the same conditional UpdateItem); a month the account item records as
 *   already added (`#moved`, on it or in a move) is left alone, and so is a month item whose move
 *   carried that record over (`legacy_moved_at`).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, ScanCommand, UpdateCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { randomBase62 } from '../../../platform/ids.ts';
import { accountCounterOf, hasAccountCounters } from '../usage-counters.ts';
import { monthItemKey } from '../usage-items.ts';

export interface UsageMigration {
  /** Months added to their month item now. */
  readonly moved: number;
  /** Months a previous run had already added. */
  readonly alreadyMoved: number;
  /** Months of accounts that no longer exist (left where they are). */
  readonly withoutAccount: number;
}

export interface AccountCounterMigration {
  /** Accounts read. */
  readonly accounts: number;
  /** Of which accounts that carried counters of the earlier layout. */
  readonly withCounters: number;
  /** Moves of a month's counters this run added to their month item (a move finished by another run or a request is theirs). */
  readonly monthsMoved: number;
}

/** A month's counters being moved: recorded on the account item between steps 1 and 3. */
interface Move {
  readonly id: string;
  /** Month item attribute (`base`, `overage`, `live#05`, …) → the count moved. */
  readonly counts: Record<string, number>;
  /** The account item's record that the month's `month#` item had been added (`verifications#<YYYY-MM>#moved`). */
  readonly moved_at?: string;
}

/** The counters of one month on an account item, in the earlier layout. */
interface AccountMonth {
  readonly month: string;
  /** Account item attribute → its value, for the counters still in place. */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** A move of the month's counters begun and not finished. */
  readonly move?: Move;
}

const moveAttribute = (month: string) => `verifications#${month}#moving`;
const movedAttribute = (month: string) => `verifications#${month}#moved`;

/** The account item's counters of the earlier layout, by month, oldest first. */
function accountMonthsOf(item: Readonly<Record<string, unknown>> | undefined): AccountMonth[] {
  const months = new Map<string, { attributes: Record<string, unknown>; move?: Move }>();
  for (const [name, value] of Object.entries(item ?? {})) {
    const counter = accountCounterOf(name);
    if (!counter) continue;
    const entry = months.get(counter.month) ?? { attributes: {} };
    months.set(counter.month, entry);
    if (counter.kind === 'moving') entry.move = value as Move;
    else entry.attributes[name] = value;
  }
  return [...months]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, entry]) => ({ month, attributes: entry.attributes, ...(entry.move ? { move: entry.move } : {}) }));
}

/** What the counters of a month amount to on its month item. */
function moveOf(attributes: Readonly<Record<string, unknown>>): Move {
  const counts: Record<string, number> = {};
  let movedAt: string | undefined;
  for (const [name, value] of Object.entries(attributes)) {
    const { day, kind } = accountCounterOf(name)!;
    if (kind === 'moved') {
      movedAt = String(value);
      continue;
    }
    const count = Number(value);
    if (count !== 0) counts[day === undefined ? kind : `${kind}#${day}`] = count;
  }
  return { id: randomBase62(12), counts, ...(movedAt ? { moved_at: movedAt } : {}) };
}

const accountKey = (accountId: string) => ({ TableName: tableName('accounts'), Key: { account_id: accountId } });

/** Step 1: the month's counters leave their attributes for one move, on the same item. Undefined when a counter changed, a move is under way, or the account is gone. */
async function beginMove(accountId: string, month: AccountMonth): Promise<Move | undefined> {
  const entries = Object.entries(month.attributes);
  const move = moveOf(month.attributes);
  const names: Record<string, string> = { '#id': 'account_id', '#move': moveAttribute(month.month) };
  const values: Record<string, unknown> = { ':move': move };
  entries.forEach(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
  });
  try {
    await dynamo().send(
      new UpdateCommand({
        ...accountKey(accountId),
        UpdateExpression: `REMOVE ${entries.map((_, i) => `#a${i}`).join(', ')} SET #move = :move`,
        ConditionExpression: ['attribute_exists(#id)', 'attribute_not_exists(#move)', ...entries.map((_, i) => `#a${i} = :a${i}`)].join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return move;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Steps 2 and 3: the move's counts added to the month item once, then the move taken off the account item. True when this call added them. */
async function finishMove(accountId: string, month: string, move: Move): Promise<boolean> {
  const counts = Object.entries(move.counts);
  const names: Record<string, string> = { '#marker': `moved#${move.id}` };
  const values: Record<string, unknown> = { ':at': new Date().toISOString() };
  counts.forEach(([name, count], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = count;
  });
  const sets = ['#marker = :at'];
  if (move.moved_at) {
    names['#legacy'] = 'legacy_moved_at';
    values[':legacy'] = move.moved_at;
    sets.push('#legacy = if_not_exists(#legacy, :legacy)');
  }
  let added = true;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: monthItemKey(accountId, { key: month }),
        UpdateExpression: `SET ${sets.join(', ')}${counts.length > 0 ? ` ADD ${counts.map((_, i) => `#c${i} :c${i}`).join(', ')}` : ''}`,
        ConditionExpression: 'attribute_not_exists(#marker)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    added = false;
  }
  try {
    await dynamo().send(
      new UpdateCommand({
        ...accountKey(accountId),
        UpdateExpression: 'REMOVE #move',
        ConditionExpression: '#move.#moveId = :id',
        ExpressionAttributeNames: { '#move': moveAttribute(month), '#moveId': 'id' },
        ExpressionAttributeValues: { ':id': move.id },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return added;
}

/** Months of one account moved at once (each month's steps are in sequence). */
const monthsAtOnce = 4;
/** Reads of the account before giving up on counters that keep reappearing. */
const maxRounds = 25;

/**
 * Moves every counter of the earlier layout on this account item (`item`: as last read, or undefined to
 * read it) into the month items, finishing any move under way. Returns how many moves this call added
 * to a month item. Reads the account again after each round until no such counter is left on it.
 */
export async function moveAccountCounters(accountId: string, item?: Readonly<Record<string, unknown>>): Promise<number> {
  let current = item ?? (await readAccount(accountId));
  let added = 0;
  for (let round = 0; round < maxRounds; round++) {
    const months = accountMonthsOf(current);
    if (months.length === 0) return added;
    for (let i = 0; i < months.length; i += monthsAtOnce) {
      const done = await Promise.all(months.slice(i, i + monthsAtOnce).map((month) => moveMonth(accountId, month)));
      added += done.filter(Boolean).length;
    }
    current = await readAccount(accountId);
  }
  throw new Error(`Usage counters of account ${accountId} kept changing: not all could be moved to the month items`);
}

async function moveMonth(accountId: string, month: AccountMonth): Promise<boolean> {
  // A move under way is finished first; counters left beside it go in a move of their own next round.
  const move = month.move ?? (Object.keys(month.attributes).length > 0 ? await beginMove(accountId, month) : undefined);
  return move ? finishMove(accountId, month.month, move) : false;
}

async function readAccount(accountId: string): Promise<Record<string, unknown> | undefined> {
  return (await dynamo().send(new GetCommand({ ...accountKey(accountId), ConsistentRead: true }))).Item;
}

/** Every account's counters of the earlier layout moved into the month items (`npm run admin -- move-usage-to-month-items`). */
export async function moveAllAccountCounters(): Promise<AccountCounterMigration> {
  let accounts = 0;
  let withCounters = 0;
  let monthsMoved = 0;
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName('accounts'), ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) {
      accounts++;
      if (!hasAccountCounters(item)) continue;
      withCounters++;
      monthsMoved += await moveAccountCounters(String(item.account_id), item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { accounts, withCounters, monthsMoved };
}

const legacyMonth = /^month#(\d{4}-\d{2})$/;

/** Every `month#<YYYY-MM>` item of the usage table added to its month item, once. */
export async function moveLegacyMonthItems(): Promise<UsageMigration> {
  let moved = 0;
  let alreadyMoved = 0;
  let withoutAccount = 0;
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName('usage'),
        FilterExpression: 'begins_with(#period, :month)',
        ExpressionAttributeNames: { '#period': 'period' },
        ExpressionAttributeValues: { ':month': 'month#' },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const month = legacyMonth.exec(String(item.period))?.[1];
      if (!month) continue;
      const outcome = await moveLegacyMonth(String(item.account_id), month, Number(item.base ?? 0), Number(item.overage ?? 0));
      if (outcome === 'moved') moved++;
      else if (outcome === 'already') alreadyMoved++;
      else withoutAccount++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { moved, alreadyMoved, withoutAccount };
}

async function moveLegacyMonth(accountId: string, month: string, base: number, overage: number): Promise<'moved' | 'already' | 'no-account'> {
  const account = await dynamo().send(
    new GetCommand({
      ...accountKey(accountId),
      ProjectionExpression: '#id, #moved, #move',
      ExpressionAttributeNames: { '#id': 'account_id', '#moved': movedAttribute(month), '#move': moveAttribute(month) },
      ConsistentRead: true,
    }),
  );
  if (!account.Item) return 'no-account';
  // Added by the upgrade before this one: the record is on the account item, or in a move taking it to the month item.
  if (account.Item[movedAttribute(month)] !== undefined || (account.Item[moveAttribute(month)] as Move | undefined)?.moved_at) return 'already';
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: monthItemKey(accountId, { key: month }),
        UpdateExpression: 'ADD #base :b, #overage :o SET #legacy = :now',
        ConditionExpression: 'attribute_not_exists(#legacy)',
        ExpressionAttributeNames: { '#base': 'base', '#overage': 'overage', '#legacy': 'legacy_moved_at' },
        ExpressionAttributeValues: { ':b': base, ':o': overage, ':now': new Date().toISOString() },
      }),
    );
    return 'moved';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'already';
    throw error;
  }
}
