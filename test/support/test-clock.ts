/** One movable clock shared by a test file and the test handlers it loads through the gateway. */
import { fixedClock } from '#shared/platform/clock.ts';

type TestClock = ReturnType<typeof fixedClock>;
const holder = globalThis as { __testClock?: TestClock };

export const testClock: TestClock = (holder.__testClock ??= fixedClock(new Date()));
