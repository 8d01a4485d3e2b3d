/**
 * One POST of an event to a monitor's webhook URL, shared by the delivery worker and the test event:
 * the URL checked again (server-side request forgery guard, webhook-url-guard.ts), the secrets in force
 * opened, the body signed with each and sent to the vetted addresses only. The outcome is returned,
 * never thrown; the precise cause of a failure goes to the log only.
 */
import { logger } from '../../../platform/observability/logger.ts';
import { deliverWebhook, type WebhookPostResult } from '../../webhooks/deliver-webhook.ts';
import { webhookLoopbackAllowedFromEnv } from '../../../platform/config.ts';
import { checkWebhookUrl } from '../../webhooks/webhook-url-guard.ts';
import type { MonitorRecord } from '../checks/monitor-record.ts';
import type { SecretSealer } from '../secrets/secret-sealer.ts';
import { openWebhookSecrets } from '../secrets/webhook-secrets.ts';

export interface AttemptRequest {
  readonly eventId: string;
  readonly body: string;
  /** When the attempt is sent (the signed timestamp). */
  readonly now: Date;
  /** How long the POST may take: a number, or a function giving it just before the POST (the time left then). */
  readonly timeoutMs?: number | (() => number);
  /** Logged with a failure: which chain and attempt it was. */
  readonly chain?: number;
  readonly attempt?: number;
}

/**
 * Posts an event to an active monitor's URL. `beforeSend` runs once the URL and secrets are ready and
 * just before the POST; when it answers false nothing is sent and the result is null.
 */
export async function postWebhookAttempt(
  monitor: MonitorRecord & { webhook_secret_sealed: string },
  request: AttemptRequest,
  sealer: SecretSealer,
  beforeSend: () => Promise<boolean> = async () => true,
): Promise<WebhookPostResult | null> {
  const started = Date.now();
  const url = await checkWebhookUrl(monitor.webhook_url, { mode: monitor.mode, allowLoopback: webhookLoopbackAllowedFromEnv() });
  const result: WebhookPostResult | null = url.ok
    ? await (async () => {
        const secrets = await openWebhookSecrets(monitor, request.now, sealer);
        if (!(await beforeSend())) return null;
        const timeoutMs = typeof request.timeoutMs === 'function' ? request.timeoutMs() : request.timeoutMs;
        return deliverWebhook({
          url: monitor.webhook_url,
          addresses: url.addresses,
          body: request.body,
          ...secrets,
          eventId: request.eventId,
          timestamp: request.now,
          ...(timeoutMs ? { timeoutMs } : {}),
        });
      })()
    : {
        ok: false,
        status: null,
        // A host that no longer resolves is a failed connection to the customer; a blocked one is blocked.
        error: url.refusal === 'unresolvable' ? ('connection_failed' as const) : ('blocked_destination' as const),
        detail: `webhook URL refused: ${url.reason}`,
        durationMs: Date.now() - started,
      };
  // The precise cause goes to the log only; the event (and so the API) keeps the generic kind.
  if (result && !result.ok) {
    logger.info('Webhook attempt failed', {
      event_id: request.eventId,
      monitor_id: monitor.monitor_id,
      chain: request.chain,
      attempt: request.attempt,
      error: result.error,
      status: result.status,
      detail: result.detail,
    });
  }
  return result;
}
