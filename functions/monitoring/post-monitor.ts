import { invalidParam } from '#shared/api/http/errors.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { monitoredRequest, registerMonitor } from '#shared/features/monitoring/checks/register-monitor.ts';
import { monitorRegistrationServices } from '#shared/features/monitoring/checks/monitor-services.ts';
import { prefetchSourceAnswers, withPrefetchedAnswers } from '#shared/features/verification/verification-services.ts';
import { createMonitorRequestSchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { monitorView } from '#shared/features/monitoring/checks/monitor-store.ts';
import { webhookLoopbackAllowedFromEnv } from '#shared/platform/config.ts';
import { checkWebhookUrl } from '#shared/features/webhooks/webhook-url-guard.ts';

/** Kept from the deadline for issuing the result, sealing the secret, storing the monitor and answering. */
const answerReserveMs = 1_500;

/**
 * POST /v1/monitor: registers a provider for daily re-checks with signed webhooks. The webhook URL is
 * checked against server-side request forgery; the secret is stored sealed and never returned. An
 * initial verification runs (and counts as one verification); its cached source answers are read beside
 * the account's admission.
 */
export const handler = idempotentApiHandler(
  'CreateMonitor',
  { body: createMonitorRequestSchema, prefetch: ({ body, key }) => prefetchSourceAnswers([monitoredRequest(body)], key.mode) },
  async (req) => {
    const url = await checkWebhookUrl(req.body.webhook_url, { mode: req.caller.mode, allowLoopback: webhookLoopbackAllowedFromEnv() });
    if (!url.ok) throw invalidParam('webhook_url', url.reason);
    req.charger.ensureQuota(1);
    const services = monitorRegistrationServices();
    const monitor = await registerMonitor(
      req.body,
      url.url,
      req.caller,
      { ...services, verification: withPrefetchedAnswers(services.verification, req.prefetched) },
      {
        deadline: req.deadline(answerReserveMs),
        charge: req.charger.charge,
      },
    );
    return json(200, monitorView(monitor, req.clock.now()));
  },
);
