/** License statuses a board can report (spec: States and transitions). */
export const boardStatuses = ['active', 'inactive', 'suspended', 'expired', 'revoked'] as const;
export type BoardStatus = (typeof boardStatuses)[number];

/** Every `status` a verification result can carry: a board status or one of the other outcomes. */
export const outcomeStatuses = [...boardStatuses, 'not_found', 'source_unavailable', 'profession_not_covered', 'unsupported_state'] as const;
export type OutcomeStatus = (typeof outcomeStatuses)[number];
