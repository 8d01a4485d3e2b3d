/** The vocabulary of how each source served a verification, as the API reports it in `sources`. */

/** How a source served a request: `live` (fetched for it), `cached` (from the cache or the ingested list) or `unavailable`. */
export const sourceReportStatuses = ['live', 'cached', 'unavailable'] as const;
export type SourceReportStatus = (typeof sourceReportStatuses)[number];

/**
 * Why a source gave no usable answer, as the API reports it on an `unavailable` source (`reason`):
 * - `unreachable`: no answer (connection failure, time-out, server error, throttled past retries);
 * - `incomplete_answer`: an answer that cannot be whole (more rows than one query may return, pages
 *   that disagree with their counts);
 * - `format_changed`: an answer not in the source's format (a column missing, a body that does not parse);
 * - `unreadable_value`: the source answered a value the service cannot read (`field`, `raw_value`);
 * - `stale`: the ingested copy is older than the source's freshness policy allows.
 */
export const unavailableReasonCodes = ['unreachable', 'incomplete_answer', 'format_changed', 'unreadable_value', 'stale'] as const;
export type UnavailableReasonCode = (typeof unavailableReasonCodes)[number];
