/** DynamoDB's size of an item as it counts it toward the 400 KB limit: attribute names plus values (numbers at their largest). */
export function dynamoItemBytes(item: Record<string, unknown>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) {
    size += Buffer.byteLength(name);
    size += value instanceof Uint8Array ? value.length : typeof value === 'number' ? 21 : Buffer.byteLength(String(value));
  }
  return size;
}

/** DynamoDB's size of an item of names, strings and numbers, each number at its own size: one byte per two significant digits, plus one. */
export function dynamoItemBytesAsStored(item: Record<string, unknown>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) {
    size += Buffer.byteLength(name);
    if (typeof value === 'number') {
      const digits = String(Math.abs(value)).replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length || 1;
      size += Math.ceil(digits / 2) + 1;
    } else size += value instanceof Uint8Array ? value.length : Buffer.byteLength(String(value));
  }
  return size;
}
