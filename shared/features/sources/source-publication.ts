/**
 * How a source is published, as its definition declares it (boards/, rosters/, lists/): how well its
 * format is known and how often the publisher refreshes it.
 */

/**
 * How well the source's format is pinned down: `confirmed` (seen in real rows or official documents),
 * `observed` (reported by third parties who read it), `inferred` (built on assumptions: the connector
 * checks each answer and fails loudly when the rows do not have the expected columns).
 */
export type FormatConfidence = 'confirmed' | 'observed' | 'inferred';

/** How often the publisher refreshes the source (`unknown` where not recorded). */
export type SourceRefresh = 'daily' | 'weekly' | 'monthly' | 'unknown';
