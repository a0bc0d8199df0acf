/** Polls `condition` until it holds; throws after `attempts` polls, so a test fails instead of hanging. */
export async function waitFor(condition: () => boolean, attempts = 2_000): Promise<void> {
  for (let i = 0; i < attempts && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition never held');
}
