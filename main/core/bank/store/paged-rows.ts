/**
 * A large collection of a bank with a database, kept mostly out of the process: the raw state's
 * array for it is a Proxy whose entities are read from their rows (the SQLite file's, or a
 * PostgreSQL process's local file, pg-local-rows.ts) when asked for, and forgotten again once
 * more than `kept` of them are in the process (docs/architecture.md "Memory: a bank with a
 * database holds what requests touch"). What reads it by position (the
 * collection indexes, the change tracker's views, a snapshot) sees an ordinary array.
 *
 * An entity is never forgotten while it may be written or compared: the tracker pins it while a
 * request holds its view, while it is dirty, and while its collection is rewritten (its rows are
 * renumbered only at the commit). So, inside one request, an entity the request has seen is the
 * same object each time it reads it; one forgotten and read again is equal to it, being unchanged
 * since its last commit.
 */
import { RecencyMap } from '../../../shared/recency-map.js';
import { PAGED_COLLECTION, ROWS_WITH_KEY } from '../domain/collection-index.js';
import { arrayIndex } from './array-index.js';

/** Where the entities' rows are: the database's rows of one collection, by stored position. */
export interface RowSource {
  /** The rows of `collection` whose positions are in [from, to], in position order. */
  rows(collection: string, from: number, to: number): { position: number; record: string }[];
  /**
   * The positions, in any order, of the committed rows of `collection` whose field `field` is
   * `key`, from an index of the source; undefined when the source has no index on that field.
   */
  positionsWithKey?(collection: string, field: string, key: string): readonly number[] | undefined;
}

/** What the change tracker says of an entity of a paged collection. */
export interface RowBook {
  /** A row read from the file joins the tracked state at its stored position. */
  loaded(entity: object, position: number): void;
  /** The entity's stored position (every tracked entity has one). */
  positionOf(entity: object): number | undefined;
  /** Whether the entity must stay in the process (held by a request, dirty, or rewritten). */
  pinned(entity: object): boolean;
  /**
   * The positions of the collection's entities written since the last commit (not in the source
   * yet, or not as they are), or undefined when the collection is rewritten whole at the commit
   * (its positions are renumbered then).
   */
  unsaved(): Iterable<number> | undefined;
}

/** Rows read at once when a scan reads along the array (the collection indexes' first use). */
const READ_AHEAD_MOST = 256;

/** The paged array's Proxy marks itself so (`structuredClone` refuses a Proxy). */
export class PagedRows {
  /** The array the raw state holds: reads and writes of it come here. */
  readonly items: object[];
  /** Loaded entities by index; undefined where the entity is only in the file. */
  private readonly target: (object | undefined)[];
  /** Indexes of the loaded entities, least recently used first (recency-map.ts). */
  private readonly loaded = new RecencyMap<number, true>();
  /** The index a read along the array asks for next, and how many rows it last read. */
  private nextExpected = -1;
  private ahead = 1;
  /** The source's answers to lookups by key, by `field\u0000key`, least recently used first. */
  private readonly keyed: RecencyMap<string, readonly number[]>;
  /** The fields looked up so far (what a written entity's keys are read from). */
  private readonly keyedFields = new Set<string>();

  constructor(
    readonly collection: string,
    /** Each index's stored position; -1 for an entity not yet committed (it stays loaded). */
    private positions: number[],
    private readonly source: RowSource,
    private readonly book: RowBook,
    /** How many entities stay loaded between requests. */
    private readonly kept: number,
    /** Entities already in the process (a rewritten collection just committed), by index. */
    entities?: readonly object[],
  ) {
    this.keyed = new RecencyMap(kept);
    this.target = entities ? [...entities] : new Array<undefined>(positions.length).fill(undefined);
    if (entities)
      for (let index = 0; index < entities.length; index += 1) this.loaded.set(index, true);
    this.items = new Proxy(this.target as object[], {
      get: (target, key, receiver) => {
        if (typeof key === 'string') {
          const index = arrayIndex(key);
          if (index !== undefined) return this.at(index);
          if (key === 'length') return target.length;
        } else if (key === PAGED_COLLECTION) return true;
        else if (key === ROWS_WITH_KEY) return this.withKey;
        return Reflect.get(target, key, receiver) as unknown;
      },
      set: (target, key, value) => {
        const index = typeof key === 'string' ? arrayIndex(key) : undefined;
        if (index !== undefined) {
          this.store(index, value as object);
          return true;
        }
        if (key === 'length') {
          this.resize(value as number);
          return true;
        }
        return Reflect.set(target, key, value);
      },
      has: (target, key) => {
        const index = typeof key === 'string' ? arrayIndex(key) : undefined;
        return index !== undefined ? index < target.length : Reflect.has(target, key);
      },
      getOwnPropertyDescriptor: (target, key) => {
        const index = typeof key === 'string' ? arrayIndex(key) : undefined;
        if (index === undefined || index >= target.length)
          return Reflect.getOwnPropertyDescriptor(target, key);
        return { value: this.at(index), writable: true, enumerable: true, configurable: true };
      },
      deleteProperty: (target, key) => {
        const index = typeof key === 'string' ? arrayIndex(key) : undefined;
        if (index === undefined) return Reflect.deleteProperty(target, key);
        // Array methods delete the slots they emptied before shortening the array.
        (target as (object | undefined)[])[index] = undefined;
        this.positions[index] = -1;
        this.loaded.delete(index);
        return true;
      },
    });
  }

  /**
   * The indexes, ascending, of the entities that may hold `key` in `field`: the committed rows the
   * source finds by it and the entities written since the commit (collection-index.ts
   * ROWS_WITH_KEY; the caller checks each). Undefined when the source cannot look the field up,
   * or the collection is being rewritten.
   */
  private readonly withKey = (field: string, key: string): readonly number[] | undefined => {
    const unsaved = this.book.unsaved();
    if (!unsaved) return undefined;
    const committed = this.committedWithKey(field, key);
    if (!committed) return undefined;
    const indexes = new Set<number>();
    for (const position of [...committed, ...unsaved]) {
      const index = this.indexOfPosition(position);
      if (index >= 0) indexes.add(index);
    }
    return [...indexes].sort((a, b) => a - b);
  };

  /**
   * What the source gave for `key` in `field`, kept for the next lookup (a statement costs a
   * read of the file's pages, about 25 µs, and a request may look the same id up more than once).
   * The committed rows change only by commits this process makes or reads (another process's on
   * PostgreSQL): each forgets what was kept for the keys of the entities it wrote (`written`); a
   * renumbering or a collection rewritten elsewhere forgets everything.
   */
  private committedWithKey(field: string, key: string): readonly number[] | undefined {
    const entry = `${field}\u0000${key}`;
    const kept = this.keyed.get(entry);
    if (kept) return kept;
    const committed = this.source.positionsWithKey?.(this.collection, field, key);
    if (!committed) return undefined;
    this.keyedFields.add(field);
    this.keyed.set(entry, committed);
    return committed;
  }

  /**
   * The index of the entity whose stored position is `position`, or -1. Positions grow along the
   * array (store/change-tracker.ts `indexOf` relies on it too): a binary search, reading a loaded
   * entity's position from the tracker and an unloaded one's from `positions`, loading nothing.
   */
  private indexOfPosition(position: number): number {
    let low = 0;
    let high = this.target.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const entity = this.target[middle];
      const at = entity === undefined ? this.positions[middle]! : this.book.positionOf(entity);
      if (at === position) return middle;
      if (at === undefined || at < 0) return this.scanForPosition(position);
      if (at < position) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The same, along the array: an entity without a position stood in the binary search's way. */
  private scanForPosition(position: number): number {
    for (let index = 0; index < this.target.length; index += 1) {
      const entity = this.target[index];
      const at = entity === undefined ? this.positions[index] : this.book.positionOf(entity);
      if (at === position) return index;
    }
    return -1;
  }

  /** How many entities are in the process now. */
  get loadedCount(): number {
    return this.loaded.size;
  }

  /** The rows were committed at positions 0…n-1 (a rewritten collection). */
  renumber(): void {
    this.positions = Array.from({ length: this.target.length }, (_, index) => index);
    this.keyed.clear();
  }

  /**
   * `entity` was committed (by this process or, read from PostgreSQL, another): what the source
   * answered for its keys may not hold any more.
   */
  written(entity: object): void {
    for (const field of this.keyedFields) {
      const key = (entity as Record<string, unknown>)[field];
      if (typeof key === 'string') this.keyed.delete(`${field}\u0000${key}`);
    }
  }

  /** Another process rewrote the collection: every answer the source gave by key goes. */
  rewritten(): void {
    this.keyed.clear();
  }

  /**
   * Forgets the least recently used entities the tracker does not pin, down to `kept`. An entity
   * not pinned is as committed, and the source holds every committed row: nothing is written.
   */
  forget(kept = this.kept): void {
    if (this.loaded.size <= kept) return;
    let excess = this.loaded.size - kept;
    for (const index of this.loaded.keys()) {
      if (excess === 0) break;
      const entity = this.target[index]!;
      if (this.book.pinned(entity)) continue;
      const position = this.book.positionOf(entity);
      if (position === undefined) continue;
      this.positions[index] = position;
      this.target[index] = undefined;
      this.loaded.delete(index);
      excess -= 1;
    }
  }

  private at(index: number): object | undefined {
    if (index >= this.target.length) return undefined;
    const entity = this.target[index];
    if (entity === undefined) return this.read(index);
    this.loaded.touch(index);
    return entity;
  }

  /**
   * Reads the entity at `index` from the file, and, when the reads go along the array, the
   * next ones with it (one statement for up to READ_AHEAD_MOST rows).
   */
  private read(index: number): object {
    // A scan (an index built, a snapshot read) holds no views: what it read before may go, but
    // never what this read returns.
    if (this.loaded.size > this.kept + READ_AHEAD_MOST * 4) this.forget();
    const target = this.target;
    const positions = this.positions;
    this.ahead = index === this.nextExpected ? Math.min(this.ahead * 2, READ_AHEAD_MOST) : 1;
    let last = index;
    while (
      last + 1 < index + this.ahead &&
      last + 1 < target.length &&
      target[last + 1] === undefined &&
      positions[last + 1]! >= 0
    )
      last += 1;
    const wanted = positions[index]!;
    if (wanted < 0) throw new Error(`${this.collection}[${index}] has neither entity nor row`);
    const rows = this.source.rows(this.collection, wanted, positions[last]!);
    let row = 0;
    for (let at = index; at <= last; at += 1) {
      const position = positions[at]!;
      while (row < rows.length && rows[row]!.position < position) row += 1;
      const found = rows[row];
      if (found?.position !== position)
        throw new Error(`the bank database has no ${this.collection} row at position ${position}`);
      const entity = JSON.parse(found.record) as object;
      target[at] = entity;
      this.loaded.set(at, true);
      this.book.loaded(entity, position);
    }
    this.nextExpected = last + 1;
    return target[index]!;
  }

  private store(index: number, entity: object): void {
    if (index >= this.target.length) this.resize(index + 1);
    this.target[index] = entity;
    this.loaded.set(index, true);
  }

  private resize(length: number): void {
    const before = this.target.length;
    for (let index = length; index < before; index += 1) this.loaded.delete(index);
    this.target.length = length;
    this.positions.length = length;
    for (let index = before; index < length; index += 1) {
      this.target[index] = undefined;
      this.positions[index] = -1;
    }
  }
}

/** Which collections of a tracked state are paged, where their rows are, and how many stay. */
export interface PagingOptions {
  readonly collections: ReadonlySet<string>;
  readonly source: RowSource;
  /** Entities of each paged collection kept in the process between requests. */
  readonly kept: number;
}

/** The paged collections of one tracked state (store/change-tracker.ts). */
export class PagedCollections {
  private readonly paged = new Map<string, PagedRows>();

  constructor(
    private readonly options: PagingOptions,
    private readonly bookOf: (collection: string) => RowBook,
  ) {}

  /** Whether `collection` is kept in the file. */
  pages(collection: string): boolean {
    return this.options.collections.has(collection);
  }

  /** The array of `collection`, whose rows are at `positions` in the file and none loaded. */
  open(collection: string, positions: number[]): object[] {
    return this.keep(collection, positions).items;
  }

  /**
   * `items` were just committed whole as the rows 0…n-1 of `collection` (a new, reset or
   * imported state, or a rewritten collection): the array the state keeps for it from now on.
   */
  committed(collection: string, items: object[]): object[] {
    const existing = this.paged.get(collection);
    if (existing?.items === items) {
      existing.renumber();
      return items;
    }
    const positions = Array.from({ length: items.length }, (_, index) => index);
    return this.keep(collection, positions, items).items;
  }

  /** A committed write of `entity`, by this process or another (a row the source holds now). */
  written(collection: string, entity: object): void {
    this.paged.get(collection)?.written(entity);
  }

  /** Another process rewrote `collection` (its rows are read again whole). */
  rewritten(collection: string): void {
    this.paged.get(collection)?.rewritten();
  }

  /** Between requests: each paged collection down to its bound. */
  forget(): void {
    for (const rows of this.paged.values()) rows.forget();
  }

  /** How many entities of `collection` are in the process (tests, the bench). */
  loadedCount(collection: string): number | undefined {
    return this.paged.get(collection)?.loadedCount;
  }

  private keep(collection: string, positions: number[], entities?: readonly object[]): PagedRows {
    const { source, kept } = this.options;
    const rows = new PagedRows(
      collection,
      positions,
      source,
      this.bookOf(collection),
      kept,
      entities,
    );
    this.paged.set(collection, rows);
    return rows;
  }
}
