/**
 * Lookups over the state's collections that cost the same at 10 or 100,000 entities (a request's
 * cost must not follow the bank's history). The state stays plain data — it is
 * snapshotted, loaded from the store, reset and imported — so an index is never stored in it: it
 * is derived from a collection's array on first use, kept in a side table keyed by that array,
 * and caught up or rebuilt when the array changes:
 *
 * - a new array (a reset, an import, a load, `state.x = state.x.filter(…)`) has no index yet;
 * - a longer array had entities appended (the domain only ever pushes): the tail is indexed;
 * - a shorter array, or a hit whose entity no longer carries the key, rebuilds the index;
 * - the change tracker (store/change-tracker.ts), which sees every other way an array changes
 *   (splice, sort, rows another process committed), says so through `collectionChanged` and
 *   `collectionRowReplaced`.
 *
 * Keys must be what an entity never changes after it is made (ids, the TPP, the duplicate key);
 * a lookup re-checks everything mutable on the entity it finds. Positions, not entities, are
 * kept, and the entity is read through the array the caller holds: with `--db` that array is the
 * tracker's view, so what a lookup returns is the entity's view and writes to it are tracked.
 */

/** A collection view answers this with the raw array it wraps (store/change-tracker.ts). */
export const RAW_COLLECTION: unique symbol = Symbol('psd2-workbench.raw-collection');

/**
 * A collection whose entities a durable bank reads from its database when asked for
 * (store/paged-rows.ts) answers this with true. It reads like any array, but it is a Proxy, which
 * `structuredClone` refuses: `plainCollection` copies it into an array first.
 */
export const PAGED_COLLECTION: unique symbol = Symbol('psd2-workbench.paged-collection');

/**
 * A paged collection whose database indexes an entity field answers this with a lookup:
 * `(field, key)` → the indexes, ascending, of the entities that may hold `key` in that field (the
 * caller checks each), or undefined when it cannot look that field up (the index is built then).
 */
export const ROWS_WITH_KEY: unique symbol = Symbol('psd2-workbench.rows-with-key');

type RowsWithKey = (field: string, key: string) => readonly number[] | undefined;

type Collection<T> = readonly T[];

/** `items` as a plain array: itself, or a paged collection's entities read into one. */
export function plainCollection<T>(items: T): T {
  const paged =
    Array.isArray(items) && (items as unknown as Record<symbol, unknown>)[PAGED_COLLECTION];
  return (paged ? Array.from(items as unknown[]) : items) as T;
}

/** The plain array behind a collection (itself when it is not a tracker's view). */
function rawOf<T>(items: Collection<T>): Collection<T> {
  const raw = (items as unknown as Record<symbol, unknown>)[RAW_COLLECTION];
  return (raw as Collection<T> | undefined) ?? items;
}

/** One derived structure over one array: appended entities are added, anything else rebuilds. */
interface Derived {
  indexed: number;
  add(item: unknown, position: number): void;
  /** The entity at `position` was replaced by another object; false: rebuild instead. */
  replaced(item: unknown, position: number): boolean;
}

/** Array → (definition → its structure over that array). */
const derivedOf = new WeakMap<object, Map<object, Derived>>();

/** The array's entities moved or were swapped in place: its indexes are rebuilt on next use. */
export function collectionChanged(raw: Collection<unknown>): void {
  derivedOf.delete(raw);
}

/** The entity at `position` is a new object (a row another process committed). */
export function collectionRowReplaced(raw: Collection<unknown>, position: number): void {
  const all = derivedOf.get(raw);
  if (!all) return;
  for (const [definition, derived] of all)
    if (position < derived.indexed && !derived.replaced(raw[position], position))
      all.delete(definition);
}

/** `items[position] = item`, the indexes told (a domain write point that replaces a record). */
export function replaceAt<T>(items: T[], position: number, item: T): void {
  items[position] = item;
  collectionRowReplaced(rawOf(items), position);
}

function derive<D extends Derived>(raw: Collection<unknown>, definition: object, make: () => D): D {
  let all = derivedOf.get(raw);
  if (!all) derivedOf.set(raw, (all = new Map()));
  let derived = all.get(definition) as D | undefined;
  if (!derived || derived.indexed > raw.length) all.set(definition, (derived = make()));
  for (let position = derived.indexed; position < raw.length; position += 1)
    derived.add(raw[position], position);
  derived.indexed = raw.length;
  return derived;
}

/**
 * A key's positions: the position itself while it is the only one. Most keys are ids, held by
 * one entity each; an array for each (about 180 bytes) was most of what a bank with a database
 * kept growing with its history (docs/performance.md, "Paged").
 */
type KeyPositions = number | number[];

function positionsOf(held: KeyPositions | undefined): readonly number[] {
  if (held === undefined) return [];
  return typeof held === 'number' ? [held] : held;
}

/** `position` joins `key`'s positions, kept ascending. */
function withPosition(byKey: Map<string, KeyPositions>, key: string, position: number): void {
  const held = byKey.get(key);
  if (held === undefined) {
    byKey.set(key, position);
    return;
  }
  const positions = typeof held === 'number' ? [held] : held;
  if (positions !== held) byKey.set(key, positions);
  let at = positions.length;
  while (at > 0 && positions[at - 1]! > position) at -= 1;
  positions.splice(at, 0, position);
}

/** `position` leaves `key`'s positions; a key left with one holds it alone, with none goes. */
function withoutPosition(byKey: Map<string, KeyPositions>, key: string, position: number): void {
  const held = byKey.get(key);
  if (held === undefined) return;
  if (typeof held === 'number') {
    if (held === position) byKey.delete(key);
    return;
  }
  const at = held.indexOf(position);
  if (at < 0) return;
  held.splice(at, 1);
  if (held.length === 1) byKey.set(key, held[0]!);
  else if (held.length === 0) byKey.delete(key);
}

/**
 * Entities by a key they never change: each key's positions, ascending. A key that is a field of
 * the entity as it is (an id: `KeyIndex.ofField`) is looked up in the database of a paged
 * collection that indexes it, so a bank with a database holds no index of every id.
 */
export class KeyIndex<T> {
  constructor(
    private readonly keyOf: (item: T) => string | undefined,
    /** The entity field the key is, when it is one. */
    private readonly field?: string,
  ) {}

  /** The index of entities by the value of their field `field`. */
  static ofField<T>(field: keyof T & string): KeyIndex<T> {
    return new KeyIndex<T>((item) => item[field] as string | undefined, field);
  }

  /** Every entity with `key` (array order) that `accept` takes. */
  all(items: Collection<T>, key: string, accept?: (item: T) => boolean): T[] {
    const raw = rawOf(items);
    const found: T[] = [];
    for (const position of this.positions(raw, key)) {
      const item = raw[position]!;
      if (!accept || accept(item)) found.push(items[position]!);
    }
    return found;
  }

  /** The first entity with `key` that `accept` takes (what `find` would return). */
  first(items: Collection<T>, key: string, accept?: (item: T) => boolean): T | undefined {
    const raw = rawOf(items);
    for (const position of this.positions(raw, key))
      if (!accept || accept(raw[position]!)) return items[position];
    return undefined;
  }

  /** Where the first entity with `key` is (what `findIndex` would return), or -1. */
  position(items: Collection<T>, key: string): number {
    return this.positions(rawOf(items), key)[0] ?? -1;
  }

  /** The last entity with `key` that `accept` takes (what `findLast` would return). */
  last(items: Collection<T>, key: string, accept?: (item: T) => boolean): T | undefined {
    const raw = rawOf(items);
    const positions = this.positions(raw, key);
    for (let at = positions.length - 1; at >= 0; at -= 1)
      if (!accept || accept(raw[positions[at]!]!)) return items[positions[at]!];
    return undefined;
  }

  /** The positions of `key`, checked: one that no longer holds the key rebuilds the index. */
  private positions(raw: Collection<T>, key: string): readonly number[] {
    const rowsWithKey =
      this.field === undefined
        ? undefined
        : ((raw as unknown as Record<symbol, unknown>)[ROWS_WITH_KEY] as RowsWithKey | undefined);
    const candidates = rowsWithKey?.(this.field!, key);
    if (candidates) return candidates.filter((position) => this.keyOf(raw[position]!) === key);
    const positions = positionsOf(this.derived(raw).byKey.get(key));
    if (positions.every((position) => this.keyOf(raw[position]!) === key)) return positions;
    collectionChanged(raw);
    return positionsOf(this.derived(raw).byKey.get(key));
  }

  /**
   * The entity at `position` was given its key in place (a write point that sets a key once, as
   * completing a consent's SCA sets its PSU): it moves to its new key's positions.
   */
  rekeyed(items: Collection<T>, position: number): void {
    if (position < 0) return;
    const raw = rawOf(items);
    this.derived(raw).move(raw[position], position);
  }

  private derived(raw: Collection<T>) {
    return derive(raw, this, () => {
      const byKey = new Map<string, KeyPositions>();
      const keys: (string | undefined)[] = [];
      const move = (item: unknown, position: number) => {
        const before = keys[position];
        const key = this.keyOf(item as T);
        if (key === before) return;
        if (before !== undefined) withoutPosition(byKey, before, position);
        keys[position] = key;
        if (key !== undefined) withPosition(byKey, key, position);
      };
      return {
        byKey,
        indexed: 0,
        move,
        add: move,
        replaced: (item: unknown, position: number) => (move(item, position), true),
      };
    });
  }
}

/**
 * The entities that may still be of interest, for a property an entity can lose but never regain
 * (a payment that is not final yet: a final status has no transitions). A lookup re-checks each
 * member and drops those that left, so the set follows the live ones, not the history.
 */
export class OpenSet<T> {
  constructor(private readonly isOpen: (item: T) => boolean) {}

  /** The open entities, in array order. */
  members(items: Collection<T>): T[] {
    const raw = rawOf(items);
    const derived = this.derived(raw);
    if (derived.unordered) {
      const sorted = [...derived.open].sort((a, b) => a - b);
      derived.open.clear();
      for (const position of sorted) derived.open.add(position);
      derived.unordered = false;
    }
    const members: T[] = [];
    for (const position of derived.open) {
      const item = raw[position];
      if (item !== undefined && this.isOpen(item)) members.push(items[position]!);
      else derived.open.delete(position);
    }
    return members;
  }

  private derived(raw: Collection<T>) {
    return derive(raw, this, () => {
      const open = new Set<number>();
      const derived = {
        open,
        unordered: false,
        indexed: 0,
        add: (item: unknown, position: number) => {
          if (this.isOpen(item as T)) open.add(position);
        },
        replaced: (item: unknown, position: number) => {
          if (this.isOpen(item as T) && !open.has(position)) {
            open.add(position);
            derived.unordered = true;
          }
          return true;
        },
      };
      return derived;
    });
  }
}

/** One entry of a due queue: the entity at `position` is due at `at` at the earliest. */
interface DueEntry {
  at: number;
  tie: string;
  position: number;
}

const earlier = (a: DueEntry, b: DueEntry) =>
  a.at - b.at || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : a.position - b.position);

/**
 * Entities by the time they are next due, earliest first (a binary min-heap), so a catch-up with
 * the clock reads what is due and nothing else. Each time is a lower bound: `bound` gives it when an
 * entity is indexed, replaced or said to have `changed`; the caller takes the earliest (`take`),
 * finds its exact time and `put`s it back when that is later. An entity whose time only moves later
 * by itself (settled, executed, final) needs no notice; a write that brings it sooner does
 * (`changed`). `basis` names what the times were computed from (settings such as batch times):
 * another basis recomputes them all.
 */
export class DueQueue<T> {
  constructor(
    private readonly bound: (item: T) => number | undefined,
    private readonly tieOf: (item: T) => string,
  ) {}

  /** The earliest entity due at or before `until`, out of the queue, and the time it had there. */
  take(
    items: Collection<T>,
    until: number,
    basis: string,
  ): { item: T; position: number; at: number } | undefined {
    const raw = rawOf(items);
    const queue = this.derived(raw, basis);
    while (queue.heap.length > 0 && queue.heap[0]!.at <= until) {
      const entry = this.pop(queue.heap);
      // A later entry of a position that was put again sooner is stale.
      if (queue.live.get(entry.position) !== entry.at) continue;
      queue.live.delete(entry.position);
      if (raw[entry.position] !== undefined)
        return { item: items[entry.position]!, position: entry.position, at: entry.at };
    }
    return undefined;
  }

  /**
   * The earliest time in the queue (Infinity when it is empty), without taking anything: a
   * catch-up with nothing due reads it and stops, allocating nothing.
   */
  earliest(items: Collection<T>, basis: string): number {
    const raw = rawOf(items);
    const queue = this.derived(raw, basis);
    while (queue.heap.length > 0) {
      const top = queue.heap[0]!;
      const live = queue.live.get(top.position) === top.at;
      if (live && raw[top.position] !== undefined) return top.at;
      // Stale, or its entity is gone: `take` would drop it too.
      this.pop(queue.heap);
      if (live) queue.live.delete(top.position);
    }
    return Infinity;
  }

  /** The entity at `position` is due at `at` at the earliest (undefined: never, as it is). */
  put(items: Collection<T>, position: number, at: number | undefined): void {
    const raw = rawOf(items);
    const queue = derivedOf.get(raw)?.get(this) as DueDerived | undefined;
    if (queue) this.enter(queue, raw, position, at);
  }

  /** The entity at `position` was changed in place and may be due sooner. */
  changed(items: Collection<T>, position: number): void {
    const raw = rawOf(items);
    if (position >= 0 && raw[position] !== undefined)
      this.put(items, position, this.bound(raw[position]!));
  }

  /** Every time is computed again from `bound` on next use (the clock went back). */
  reset(items: Collection<T>): void {
    derivedOf.get(rawOf(items))?.delete(this);
  }

  private enter(queue: DueDerived, raw: Collection<T>, position: number, at: number | undefined) {
    if (at === undefined) return;
    const queued = queue.live.get(position);
    if (queued !== undefined && queued <= at) return;
    queue.live.set(position, at);
    const heap = queue.heap;
    heap.push({ at, tie: this.tieOf(raw[position]!), position });
    for (let child = heap.length - 1; child > 0;) {
      const parent = (child - 1) >> 1;
      if (earlier(heap[parent]!, heap[child]!) <= 0) break;
      [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
      child = parent;
    }
  }

  private pop(heap: DueEntry[]): DueEntry {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length === 0) return top;
    heap[0] = last;
    for (let parent = 0; ;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let least = parent;
      if (left < heap.length && earlier(heap[left]!, heap[least]!) < 0) least = left;
      if (right < heap.length && earlier(heap[right]!, heap[least]!) < 0) least = right;
      if (least === parent) return top;
      [heap[parent], heap[least]] = [heap[least]!, heap[parent]!];
      parent = least;
    }
  }

  private derived(raw: Collection<T>, basis: string): DueDerived {
    const existing = derivedOf.get(raw)?.get(this) as DueDerived | undefined;
    if (existing && existing.basis !== basis) derivedOf.get(raw)!.delete(this);
    return derive(raw, this, () => {
      const queue: DueDerived = {
        heap: [],
        live: new Map(),
        basis,
        indexed: 0,
        add: (item, position) => this.enter(queue, raw, position, this.bound(item as T)),
        replaced: (item, position) => (
          this.enter(queue, raw, position, this.bound(item as T)),
          true
        ),
      };
      return queue;
    });
  }
}

interface DueDerived extends Derived {
  heap: DueEntry[];
  /** Each queued position's time; an entry of the heap with another time is stale. */
  live: Map<number, number>;
  basis: string;
}
