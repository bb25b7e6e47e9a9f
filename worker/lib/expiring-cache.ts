/**
 * A per-isolate memory of values that change rarely (public settings, a room's name and game), each kept
 * for `ttlMs`. Concurrent misses share one load; a failed load is not kept. Nothing that decides money
 * may be read from here: such checks run inside the writing batch (docs/decisions/100).
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expiresAtMs: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: K, load: () => Promise<V>, nowMs = Date.now()): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAtMs > nowMs) return entry.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, expiresAtMs: nowMs + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets one key (an operator changed it), or everything. */
  forget(key?: K) {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
