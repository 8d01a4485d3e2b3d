/** Points the local stacks of this test file at the run's directory of recorded AWS calls. */
import { inject } from 'vitest';

process.env.AWS_CALLS_DIR ??= inject('awsCallsDir');
