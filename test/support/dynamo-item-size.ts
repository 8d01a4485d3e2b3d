/** DynamoDB's size of an item as it counts it toward the 400 KB limit: attribute names plus values (numbers at their largest). */
export function dynamoItemBytes(item: Record<string, unknown>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) {
    size += Buffer.byteLength(name);
    size += value instanceof Uint8Array ? value.length : typeof value === 'number' ? 21 : Buffer.byteLength(String(value));
  }
  return size;
}
