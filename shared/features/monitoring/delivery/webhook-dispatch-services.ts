/** The webhook delivery services of a container: stores, the delivery queue, the failure mailer and the secret sealer. */
import { DynamoAccountStore } from '../../accounts/adapters/account-store.ts';
import { alertEmail } from '../../../platform/config.ts';
import { containerValue } from '../../../platform/container.ts';
import { DynamoMonitorStore } from '../checks/adapters/monitor-store.ts';
import { sealerFromEnvironment } from '../secrets/sealer-services.ts';
import { SqsDeliveryQueue } from './adapters/delivery-queue.ts';
import { DynamoEventStore } from './adapters/event-store.ts';
import type { FailureMailer } from './delivery-ports.ts';
import type { DispatchServices } from './webhook-dispatch.ts';

/**
 * The failure e-mail through SES, whose client and e-mail are loaded only when an event fails for good
 * (after its fifth retry). Disabled where the deployment has no sender (`dev` without `alertFromEmail`:
 * ALERT_EMAIL=disabled).
 */
const sesFailureMailer: FailureMailer = {
  enabled: () => alertEmail() !== 'disabled',
  sendDeliveryFailure: async (to, details) => (await import('./adapters/failure-alert.ts')).sendDeliveryFailureEmail(to, details),
};

/** The delivery services of this container. */
export const webhookDispatchServices = containerValue(
  (): DispatchServices => ({
    events: new DynamoEventStore(),
    monitors: new DynamoMonitorStore(),
    accounts: new DynamoAccountStore(),
    queue: new SqsDeliveryQueue(),
    mailer: sesFailureMailer,
    sealer: sealerFromEnvironment(),
  }),
);
