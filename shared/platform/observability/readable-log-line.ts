/**
 * One log record as a short line for a person at a terminal (the local stack), instead of a JSON
 * document: `02:08:21.417 INFO  [Verify] request route="POST /v1/verify" status=200 latency_ms=301`.
 * The same fields as the JSON record, less those that only matter in CloudWatch.
 */

/** Fields left out of the line: shown another way (time, level, function), constant or noise locally. */
const omitted = new Set([
  'timestamp',
  'level',
  'message',
  'service',
  'sampling_rate',
  'function_name',
  'function_arn',
  'function_memory_size',
  'cold_start',
  'function_request_id',
  'xray_trace_id',
]);

function formatValue(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, replacer as never);
  if (text === undefined) return String(value);
  return typeof value === 'string' && /[\s"=]/.test(text) ? JSON.stringify(text) : text;
}

export function readableLogLine(attributes: Record<string, unknown>, replacer?: (key: string, value: unknown) => unknown): string {
  const timestamp = typeof attributes.timestamp === 'string' ? attributes.timestamp : new Date().toISOString();
  const time = timestamp.slice(11, 23);
  const level = String(attributes.level ?? 'INFO').padEnd(5);
  const fn = typeof attributes.function_name === 'string' ? ` [${attributes.function_name}]` : '';
  const fields = Object.entries(attributes)
    .filter(([key, value]) => !omitted.has(key) && value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key}=${formatValue(value, replacer)}`);
  return [`${time} ${level}${fn} ${String(attributes.message ?? '')}`, ...fields].join(' ');
}
