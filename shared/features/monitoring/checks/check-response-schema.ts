/** The answer of `POST /v1/monitor/{monitor_id}/check`: the monitor after the check and the events it produced. */
import * as z from 'zod';
import { eventSchema } from '../delivery/event-view.ts';
import { monitorSchema } from './monitor-schema.ts';

export const checkMonitorResponseSchema = z
  .strictObject({
    monitor: monitorSchema,
    events: z
      .array(eventSchema)
      .meta({ description: 'The events this check produced, in the order they are listed for one check; their deliveries are already queued.' }),
  })
  .meta({ title: 'Monitor check' });
