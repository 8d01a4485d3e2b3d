/** The source health services of a container: its counters, adding to the SourceHealth table. */
import { containerValue } from '../../../platform/container.ts';
import { DynamoHealthCounts } from './adapters/dynamo-health-counts.ts';
import { HealthCounters } from './health-counters.ts';

/** This container's counters. */
export const healthCounters = containerValue(() => new HealthCounters(new DynamoHealthCounts()));
