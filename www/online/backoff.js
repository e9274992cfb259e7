// Reconnecting with backoff (issue 12): how long to wait before the next
// attempt after `attempt` failed ones — doubling from `base` up to `max`,
// spread by ± `jitter` so that the clients of a restarted server do not all
// come back in the same millisecond. Pure: the random source is passed in.

export const BACKOFF = Object.freeze({ base: 500, max: 10000, jitter: 0.25 });

/** Milliseconds to wait before attempt `attempt` + 1 (0 after the first failure). */
export function backoffDelay(attempt, { base, max, jitter } = BACKOFF, random = Math.random) {
  const n = Math.max(0, Math.min(30, Math.floor(Number(attempt) || 0)));
  const plain = Math.min(max, base * 2 ** n);
  const spread = 1 + jitter * (2 * random() - 1);
  return Math.max(0, Math.round(plain * spread));
}
