/** The monitor services of a container: what a check and a registration use, composed once. */
import { DynamoAccountStore } from '../../accounts/adapters/account-store.ts';
import { containerValue } from '../../../platform/container.ts';
import { MonitorSlots } from '../../limits/adapters/monitor-slots.ts';
import { verificationServices } from '../../verification/verification-services.ts';
import { SqsDeliveryQueue } from '../delivery/adapters/delivery-queue.ts';
import { DynamoEventStore } from '../delivery/adapters/event-store.ts';
import { sealerFromEnvironment } from '../secrets/sealer-services.ts';
import { DynamoMonitorStore } from './adapters/monitor-store.ts';
import type { CheckServices } from './monitor-check.ts';
import type { RegistrationServices } from './register-monitor.ts';

/** The check services of this container (the check worker and the on-demand check route). */
export const monitorCheckServices = containerValue(
  (): CheckServices => ({
    monitors: new DynamoMonitorStore(),
    accounts: new DynamoAccountStore(),
    events: new DynamoEventStore(),
    deliveries: new SqsDeliveryQueue(),
    verification: verificationServices(),
  }),
);

/** The registration services of this container. */
export const monitorRegistrationServices = containerValue(
  (): RegistrationServices => ({
    monitors: new DynamoMonitorStore(),
    slots: new MonitorSlots(),
    sealer: sealerFromEnvironment(),
    verification: verificationServices(),
  }),
);
