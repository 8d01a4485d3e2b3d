/**
 * The failures the domain and the use cases name. They say what went wrong in the service's own terms;
 * `shared/api/http/domain-errors.ts` maps each to its HTTP answer, in one place.
 */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Every source a verification needs is unavailable and nothing is cached: retry after `retryAfterSeconds`. */
export class SourcesUnavailable extends DomainError {
  constructor(readonly retryAfterSeconds = 30) {
    super('Every data source is unavailable and no cached data exists. Retry shortly.');
  }
}

/** What the rate-limit headers report at the moment of a refusal (limits/rate-limits.ts `LimitState`). */
export interface LimitSnapshot {
  readonly minuteLimit: number;
  readonly minuteRemaining: number;
  readonly monthlyLimit: number | null;
  readonly monthlyRemaining: number | null;
  readonly monthlyReset: Date;
}

/** The per-minute limit of the key's account and mode is used up until the window ends. */
export class MinuteLimitExceeded extends DomainError {
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
    readonly limits: LimitSnapshot,
  ) {
    super(`Per-minute limit of ${limit} requests exceeded. Retry after ${retryAfterSeconds} seconds.`);
  }
}

/** The account of the key is suspended by the operator: every key of it is refused until reinstated. */
export class AccountSuspended extends DomainError {
  constructor() {
    super('The account of this API key is suspended. Contact support to restore access.');
  }
}

/** A hard-stop monthly quota cannot cover the verifications asked for. */
export class MonthlyQuotaExhausted extends DomainError {
  constructor(
    readonly plan: { readonly name: string; readonly monthlyQuota: number | null },
    readonly units: number,
    readonly limits: LimitSnapshot,
  ) {
    super(
      `Monthly quota of ${plan.monthlyQuota} verifications reached on the ${plan.name} plan` +
        (units > 1 ? ` (this request needs ${units})` : '') +
        '. It resets at the start of next month (UTC); upgrade the plan for more.',
    );
  }
}

/** The account's plan does not include a feature the request needs (bulk verification). */
export class PlanUpgradeRequired extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** A profession value outside `professions` (professions.ts), the list the OpenAPI document publishes. */
export class UnrecognisedProfession extends DomainError {
  constructor(
    readonly value: string,
    readonly allowed: readonly string[],
  ) {
    super(`"${value.slice(0, 60)}" is not a recognised profession.`);
  }
}

/** The request names a state the service does not cover. */
export class UnsupportedState extends DomainError {
  constructor(
    readonly state: string,
    stateName: string,
  ) {
    super(`${stateName} is not a supported state; see GET /v1/coverage.`);
  }
}

/** The account holds as many active monitors as its mode allows. */
export class MonitorLimitReached extends DomainError {
  constructor(
    readonly mode: string,
    readonly limit: number,
  ) {
    super(`This account already has ${limit} active ${mode}-mode monitors; delete one to add another.`);
  }
}

/** The account holds as many usable API keys as it may. */
export class ApiKeyLimitReached extends DomainError {
  constructor(readonly limit: number) {
    super(`This account already holds ${limit} usable API keys; revoke one (or let a rolled key expire) to make another.`);
  }
}

/** The calling key may not create a key of the mode or role asked for (`param`: the field at fault). */
export class ApiKeyPermissionDenied extends DomainError {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

/** The key was rolled already: a key is rolled once, its replacement may be rolled in turn. */
export class ApiKeyAlreadyRolled extends DomainError {
  constructor(readonly replacedBy: string | undefined) {
    super(`This key was rolled already${replacedBy ? ` (replaced by ${replacedBy})` : ''}; roll its replacement instead.`);
  }
}

/** The key is revoked or expired: it cannot be rolled. */
export class ApiKeyInactive extends DomainError {
  constructor(readonly state: string) {
    super(`This key is ${state}; only a usable key can be rolled.`);
  }
}

/** Revoking this key would leave the account without a usable admin key. */
export class LastAdminKey extends DomainError {
  constructor() {
    super(
      'This is the last admin key of the account that stays (a rolled one in its grace period does not count); create another admin key before revoking it.',
    );
  }
}
