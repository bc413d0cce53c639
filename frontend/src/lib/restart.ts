/**
 * After the first-run setup or a change of keys and addresses the shop restarts itself to use
 * them (a second or two, during which it does not answer). This waits until it answers again:
 * first long enough for the old process to stop, then asking its health until it is back.
 */
export async function waitForRestart({
  settle = 1500,
  every = 500,
  within = 30_000,
}: { settle?: number; every?: number; within?: number } = {}): Promise<boolean> {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await pause(settle);
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    try {
      const health = await fetch('/api/health', { cache: 'no-store' });
      if (health.ok) return true;
    } catch {
      // Not listening yet.
    }
    await pause(every);
  }
  return false;
}

/** Opens `path` as a fresh page load, so the restarted shop's name and session are read anew. */
export function reloadInto(path: string): void {
  window.location.assign(path);
}
