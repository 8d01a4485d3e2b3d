/** An item in DynamoDB JSON. */
export type Item = Record<string, unknown>;

/** What a call bills one table: its own units and each index's, by ConsumedCapacity kind and index name. */
export interface Capacity {
  readonly table: number;
  readonly indexes: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** A table as DescribeTable describes it (the parts the units depend on). */
export interface TableDescription {
  readonly TableName: string;
  readonly KeySchema: readonly { readonly AttributeName: string; readonly KeyType: string }[];
  readonly GlobalSecondaryIndexes?: readonly IndexDescription[];
  readonly LocalSecondaryIndexes?: readonly IndexDescription[];
}

export interface IndexDescription {
  readonly IndexName: string;
  readonly KeySchema: readonly { readonly AttributeName: string; readonly KeyType: string }[];
  readonly Projection?: { readonly ProjectionType?: string; readonly NonKeyAttributes?: readonly string[] };
}

export function numberSize(text: string): number;
export function valueSize(value: unknown): number;
export function itemSize(item: Item | undefined): number;
export function writeUnits(bytes: number): number;
export function readUnits(bytes: number, consistent: boolean): number;
export function indexItem(table: TableDescription, index: IndexDescription, item: Item | undefined): Item | undefined;
export function indexWriteUnits(table: TableDescription, index: IndexDescription, before: Item | undefined, after: Item | undefined): number;
export function writeCapacity(table: TableDescription, before: Item | undefined, after: Item | undefined): Capacity;
export function failedWriteCapacity(existing: Item | undefined, attempted: Item | undefined): Capacity;
export function readCapacity(item: Item | undefined, consistent: boolean): Capacity;
export function scanCapacity(table: TableDescription, indexName: string | undefined, items: readonly Item[], consistent: boolean): Capacity;
export function totalUnits(capacity: Capacity): number;
