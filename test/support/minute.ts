/** Waits until at least `margin` seconds remain in the current UTC minute, so a burst stays in one window. */
export async function waitForFreshMinute(margin = 15): Promise<void> {
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < margin * 1000) await new Promise((resolve) => setTimeout(resolve, msLeft + 50));
}
