/**
 * A bounded cache that keeps what was used recently, holding at most `capacity` entries.
 *
 * It approximates LRU with two generations instead of reordering a list on every hit: new and promoted
 * entries go to the young map; when it is full it becomes the old map and the previous old map is
 * dropped whole. A hit in the young map is then a single Map lookup, which is what the click path
 * does most, and eviction never walks the entries.
 */
export class RecentCache<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #generation: number;
  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.#generation = Math.max(1, Math.floor(capacity / 2));
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) {
      this.#old.delete(key);
      this.#insert(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    this.#old.delete(key);
    this.#insert(key, value);
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }

  clear(): void {
    this.#young = new Map();
    this.#old = new Map();
  }

  #insert(key: K, value: V): void {
    if (this.#young.size >= this.#generation && !this.#young.has(key)) {
      this.#old = this.#young;
      this.#young = new Map();
    }
    this.#young.set(key, value);
  }
}
