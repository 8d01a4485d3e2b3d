/** License statuses a board can report (spec: States and transitions). */
export const boardStatuses = ['active', 'inactive', 'suspended', 'expired', 'revoked'] as const;
export type BoardStatus = (typeof boardStatuses)[number];
