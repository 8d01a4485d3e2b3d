/** License statuses a board can report (docs/api-guide.md, "Verifying a provider": the outcome table). */
export const boardStatuses = ['active', 'inactive', 'suspended', 'expired', 'revoked'] as const;
export type BoardStatus = (typeof boardStatuses)[number];

/** Every `status` a verification result can carry: a board status or one of the other outcomes. */
export const outcomeStatuses = [...boardStatuses, 'not_found', 'source_unavailable', 'profession_not_covered', 'unsupported_state'] as const;
export type OutcomeStatus = (typeof outcomeStatuses)[number];
