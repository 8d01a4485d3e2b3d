import type { Server } from 'node:http';

/** Puts the front of the local DynamoDB (billed units, transactions, an optional write cap) before dynalite on its server. */
export function installDynamoFront(server: Server, options?: { writeCap?: { perSecond: number; burstSeconds?: number } }): void;

/** The same page of a Query or Scan with every item whole: no filter, projection or Select. */
export function evaluatedPage(operation: 'Query' | 'Scan', input: Record<string, unknown>): Record<string, unknown>;
