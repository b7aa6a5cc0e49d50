/**
 * Change tracking for the durable bank: the live state is handed to the
 * pipeline through a view whose collections and entities note what is written to them, so a
 * commit writes exactly the rows a request changed and serialises nothing else.
 *
 * - The state view: reading a collection gives its tracked view; assigning a collection
 *   (`state.sessions = state.sessions.filter(…)`) marks it rewritten.
 * - A collection view hands out entity views (index, iteration, forEach/map callbacks, the
 *   results of find and filter). Predicates (find, filter, some, every, findIndex and their
 *   Last forms) see the raw entities: a lookup over 100k entities costs what it costs in memory.
 *   A predicate reads; one that wrote would escape tracking (the verifying commit of the tests,
 *   bank-database.ts, catches that).
 * - An entity view marks its entity dirty on any write, at any depth (`consent.access.x = …`).
 * - Appending (push) adds rows; replacing an element by index takes over its row; anything else
 *   that moves elements (splice, sort, shift, a shorter length) marks the collection rewritten.
 *
 * Raw objects never hold views: what is stored through a view is unwrapped first, so snapshots
 * (structuredClone of the raw state) and JSON see plain data.
 */
import type { DomainState } from '../domain/model.js';
import {
  RAW_COLLECTION,
  collectionChanged,
  collectionRowReplaced,
} from '../domain/collection-index.js';
import { arrayIndex } from './array-index.js';
import { afterLast, rowsOf, type EntityCollection } from './entity-rows.js';
import { PagedCollections, type PagingOptions, type RowBook } from './paged-rows.js';

/** What one entity is in the store: its collection and its row's position (order key). */
interface RowMeta {
  readonly collection: EntityCollection;
  position: number;
}

/** Array methods that move elements: their collection is rewritten at commit. */
const RESTRUCTURING = new Set([
  'splice',
  'sort',
  'reverse',
  'shift',
  'unshift',
  'pop',
  'fill',
  'copyWithin',
]);
/** Lookups whose callback only reads: run on the raw array. */
const PREDICATES = new Set(['find', 'findLast', 'findIndex', 'findLastIndex', 'some', 'every']);

type ArrayMethod = (this: unknown, ...args: unknown[]) => unknown;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

export interface TrackedChanges {
  /** Collections to rewrite whole (their membership or order changed). */
  readonly rewritten: ReadonlySet<EntityCollection>;
  /** Entities (raw) whose rows changed or are new, with their row. */
  readonly dirty: ReadonlyMap<object, RowMeta>;
}

export class ChangeTracker {
  /** The view the pipeline and the console operations work on. */
  readonly view: DomainState;
  private rows = new WeakMap<object, RowMeta>();
  private nextPosition = new Map<EntityCollection, number>();
  private dirtyRows = new Map<object, RowMeta>();
  private rewrittenCollections = new Set<EntityCollection>();
  private readonly paging: PagedCollections | undefined;
  /**
   * Raw object → its view; nested objects per root (the same object may sit in two trees). Kept
   * from one request to the next: a view holds nothing of a request (its target and its root),
   * and an entity a request reads again, as a TPP reads its consent, gets the view it had. A
   * view goes with its raw object (a weak key), as a paged entity is forgotten.
   */
  private readonly views = new WeakMap<object, object>();
  private readonly nestedViews = new WeakMap<object, WeakMap<object, object>>();
  /** The entities handed out as views since the last quiesce(): a request may still write them. */
  private held = new WeakSet<object>();
  private collectionViews = new WeakMap<object, object>();
  /** View → raw, to unwrap what is stored. */
  private raws = new WeakMap<object, object>();

  constructor(
    /** The raw state; its objects are what the store serialises. */
    readonly raw: DomainState,
    /** Each collection's positions as stored (load); absent: index order. */
    positions?: ReadonlyMap<EntityCollection, readonly number[]>,
    /** The collections kept in the database file, read as they are asked for (paged-rows.ts). */
    paging?: PagingOptions,
  ) {
    this.paging =
      paging && new PagedCollections(paging, (name) => this.book(name as EntityCollection));
    for (const name of Object.keys(raw) as (keyof DomainState)[]) {
      if (name === 'ledger') continue;
      const stored = positions?.get(name);
      if (stored && this.paging?.pages(name)) {
        // Paged: its entities join the tracked state as they are read (book().loaded).
        (raw as unknown as Record<string, unknown>)[name] = this.paging.open(name, [...stored]);
        this.nextPosition.set(name, afterLast(stored));
        continue;
      }
      const items = rowsOf(raw[name]);
      items.forEach((item, index) =>
        this.rows.set(item, { collection: name, position: stored?.[index] ?? index }),
      );
      this.nextPosition.set(name, stored?.length ? afterLast(stored) : items.length);
    }
    this.view = this.stateView();
  }

  /** Every collection written whole at the next commit (a new, reset or imported state). */
  rewriteAll(): void {
    for (const name of Object.keys(this.raw) as (keyof DomainState)[])
      if (name !== 'ledger') this.rewrittenCollections.add(name);
  }

  /** What changed since the last `settle()`. */
  changes(): TrackedChanges {
    return { rewritten: this.rewrittenCollections, dirty: this.dirtyRows };
  }

  /**
   * The changes were committed: a rewritten collection's rows now have positions 0…n-1, and
   * nothing is dirty.
   */
  settle(): void {
    for (const [entity, row] of this.dirtyRows) this.paging?.written(row.collection, entity);
    for (const name of this.rewrittenCollections) {
      const items = rowsOf(this.raw[name]);
      items.forEach((item, index) => this.rows.set(item, { collection: name, position: index }));
      this.nextPosition.set(name, items.length);
      if (this.paging?.pages(name))
        (this.raw as unknown as Record<string, unknown>)[name] = this.paging.committed(name, items);
    }
    this.rewrittenCollections = new Set();
    this.dirtyRows = new Map();
  }

  /**
   * Between requests: the entities handed out are no longer held (a request holds none past its
   * run), and the paged collections forget what they read beyond their bound.
   */
  quiesce(): void {
    this.held = new WeakSet();
    this.paging?.forget();
  }

  /** How many entities of a paged collection are in the process (tests, the bench). */
  loadedCount(name: EntityCollection): number | undefined {
    return this.paging?.loadedCount(name);
  }

  /** What a paged collection asks of the tracker about its entities (paged-rows.ts). */
  private book(name: EntityCollection): RowBook {
    return {
      loaded: (entity, position) => this.rows.set(entity, { collection: name, position }),
      positionOf: (entity) => this.rows.get(entity)?.position,
      pinned: (entity) =>
        this.rewrittenCollections.has(name) || this.dirtyRows.has(entity) || this.held.has(entity),
      unsaved: () => (this.rewrittenCollections.has(name) ? undefined : this.unsavedOf(name)),
    };
  }

  /** The positions of the dirty rows of `name` (a request's few). */
  private *unsavedOf(name: EntityCollection): Iterable<number> {
    for (const row of this.dirtyRows.values()) if (row.collection === name) yield row.position;
  }

  /**
   * Another process committed this row (the PostgreSQL store's pull): the raw state takes it,
   * replacing the entity at that position or appending it, without marking anything dirty.
   */
  applyRow(name: EntityCollection, position: number, record: object): void {
    const meta: RowMeta = { collection: name, position };
    this.rows.set(record, meta);
    if (name === 'behaviour') {
      (this.raw as unknown as Record<string, unknown>).behaviour = record;
      return;
    }
    this.paging?.written(name, record);
    const items = this.raw[name] as object[];
    const index = this.indexOf(items, position);
    if (index >= 0) {
      items[index] = record;
      collectionRowReplaced(items, index);
    } else {
      const at = -index - 1;
      if (at === items.length) items.push(record);
      else {
        items.splice(at, 0, record);
        collectionChanged(items);
      }
    }
    if (position >= (this.nextPosition.get(name) ?? 0)) this.nextPosition.set(name, position + 1);
  }

  /**
   * A row this process added and never committed leaves its collection (the PostgreSQL store's
   * discard); the raw state is as before the change that added it.
   */
  dropRow(name: EntityCollection, position: number): void {
    if (name === 'behaviour') return;
    const items = this.raw[name] as object[];
    const index = this.indexOf(items, position);
    if (index < 0) return;
    this.rows.delete(items[index]!);
    items.splice(index, 1);
    collectionChanged(items);
  }

  /**
   * The change was undone (discard): nothing is dirty or rewritten, and the positions stay those
   * the rows were read with.
   */
  forget(): void {
    this.rewrittenCollections = new Set();
    this.dirtyRows = new Map();
  }

  /** Another process rewrote the collection: the raw state takes its rows, in position order. */
  replaceCollection(name: EntityCollection, records: object[], positions: number[]): void {
    records.forEach((record, index) =>
      this.rows.set(record, { collection: name, position: positions[index]! }),
    );
    if (name === 'behaviour') {
      if (records[0]) (this.raw as unknown as Record<string, unknown>).behaviour = records[0];
    } else {
      const items = this.raw[name] as object[];
      items.length = 0;
      for (const record of records) items.push(record);
      collectionChanged(items);
      this.paging?.rewritten(name);
    }
    this.nextPosition.set(name, afterLast(positions));
  }

  /** The index of the entity at `position` (positions grow along the array), or -(insert)-1. */
  private indexOf(items: object[], position: number): number {
    let low = 0;
    let high = items.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = this.rows.get(items[middle]!)?.position ?? -1;
      if (at === position) return middle;
      if (at < position) low = middle + 1;
      else high = middle - 1;
    }
    return -low - 1;
  }

  /**
   * `previous` gives its row to the entity that replaces it: the row is written once, with the
   * new entity (two entries of one row would make the commit write it twice, which PostgreSQL's
   * upsert refuses in one statement), and writes to the record it was no longer change a row.
   */
  private leaveRow(previous: object): void {
    this.dirtyRows.delete(previous);
    this.rows.delete(previous);
  }

  private markDirty(root: object): void {
    const meta = this.rows.get(root);
    if (meta) this.dirtyRows.set(root, meta);
  }

  /** A value stored through a view, as plain data: views inside it are replaced by their raws. */
  private unwrap(value: unknown): unknown {
    if (!isObject(value)) return value;
    const raw = this.raws.get(value);
    if (raw) return raw;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        const item: unknown = value[index];
        if (isObject(item)) value[index] = this.unwrap(item);
      }
    } else {
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (isObject(item)) (value as Record<string, unknown>)[key] = this.unwrap(item);
      }
    }
    return value;
  }

  private stateView(): DomainState {
    return new Proxy(this.raw, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key === 'ledger' || !isObject(value)) return value;
        if (key === 'behaviour') return this.entityView(value);
        return Array.isArray(value) ? this.collectionView(value, key as EntityCollection) : value;
      },
      set: (target, key, value) => {
        const raw = this.unwrap(value);
        const previous: unknown = target.behaviour;
        (target as unknown as Record<string | symbol, unknown>)[key] = raw;
        if (key === 'ledger') return true;
        if (key === 'behaviour' && isObject(raw)) {
          if (isObject(previous) && previous !== raw) this.leaveRow(previous);
          this.rows.set(raw, { collection: 'behaviour', position: 0 });
          this.markDirty(raw);
        } else this.rewrittenCollections.add(key as EntityCollection);
        return true;
      },
    });
  }

  private collectionView(array: object[], name: EntityCollection): object[] {
    const cached = this.collectionViews.get(array);
    if (cached) return cached as object[];
    const entity = (item: unknown) => (isObject(item) ? this.entityView(item) : item);
    const methods = new Map<string | symbol, unknown>();
    const view = new Proxy(array, {
      get: (target, key, receiver) => {
        if (key === RAW_COLLECTION) return target;
        if (typeof key === 'string') {
          const index = arrayIndex(key);
          if (index !== undefined) return entity(target[index]);
          if (key === 'length') return target.length;
        }
        const known = methods.get(key);
        if (known) return known;
        let method: unknown;
        if (typeof key === 'string' && PREDICATES.has(key)) {
          const native = (Array.prototype as unknown as Record<string, ArrayMethod>)[key]!;
          method =
            key === 'find' || key === 'findLast'
              ? (...args: unknown[]) => entity(native.apply(target, args))
              : (...args: unknown[]) => native.apply(target, args) as unknown;
        } else if (key === 'filter' || key === 'slice') {
          const native = Array.prototype[key] as (...args: unknown[]) => object[];
          method = (...args: unknown[]) => native.apply(target, args).map(entity);
        } else if (key === 'indexOf' || key === 'includes' || key === 'lastIndexOf') {
          const native = Array.prototype[key] as (...args: unknown[]) => unknown;
          method = (search: unknown, ...rest: unknown[]) =>
            native.call(target, this.unwrap(search), ...rest);
        } else if (typeof key === 'string' && RESTRUCTURING.has(key)) {
          const native = (Array.prototype as unknown as Record<string, ArrayMethod>)[key]!;
          method = (...args: unknown[]) => {
            this.rewrittenCollections.add(name);
            collectionChanged(target);
            const result: unknown = native.apply(
              target,
              args.map((arg) => this.unwrap(arg)),
            );
            if (Array.isArray(result)) return result.map(entity);
            return result === target ? receiver : entity(result);
          };
        } else return Reflect.get(target, key, receiver);
        methods.set(key, method);
        return method;
      },
      set: (target, key, value) => {
        if (typeof key === 'string') {
          const index = arrayIndex(key);
          if (index !== undefined) {
            const raw = this.unwrap(value) as object;
            const previous = target[index];
            if (previous === raw) return true;
            const meta: RowMeta =
              index < target.length && previous !== undefined && this.rows.get(previous)
                ? { collection: name, position: this.rows.get(previous)!.position }
                : { collection: name, position: this.takePosition(name) };
            if (index > target.length) this.rewrittenCollections.add(name);
            if (previous !== undefined) this.leaveRow(previous);
            target[index] = raw;
            this.rows.set(raw, meta);
            this.dirtyRows.set(raw, meta);
            if (previous !== undefined) collectionRowReplaced(target, index);
            return true;
          }
          if (key === 'length') {
            if ((value as number) < target.length) {
              this.rewrittenCollections.add(name);
              collectionChanged(target);
            }
            target.length = value as number;
            return true;
          }
        }
        this.rewrittenCollections.add(name);
        collectionChanged(target);
        return Reflect.set(target, key, value);
      },
      deleteProperty: (target, key) => {
        this.rewrittenCollections.add(name);
        collectionChanged(target);
        return Reflect.deleteProperty(target, key);
      },
    });
    this.collectionViews.set(array, view);
    this.raws.set(view, array);
    return view;
  }

  private takePosition(name: EntityCollection): number {
    const position = this.nextPosition.get(name) ?? 0;
    this.nextPosition.set(name, position + 1);
    return position;
  }

  /** The view of an entity (a row) or of an object inside one (`root`). */
  private entityView(raw: object, root: object = raw): object {
    const entity = root === raw;
    if (entity) this.held.add(raw);
    const cache = entity ? this.views : this.nestedCache(root);
    const cached = cache.get(raw);
    if (cached) return cached;
    const view = new Proxy(raw, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        if (!isObject(value) || typeof key === 'symbol') return value;
        // Array and Object methods of a nested array are functions, not objects: not wrapped.
        return this.entityView(value, root);
      },
      set: (target, key, value) => {
        const raw = this.unwrap(value);
        const record = target as Record<string | symbol, unknown>;
        if (Object.is(record[key], raw) && Object.prototype.hasOwnProperty.call(target, key))
          return true;
        record[key] = raw;
        this.markDirty(root);
        return true;
      },
      deleteProperty: (target, key) => {
        if (!Object.prototype.hasOwnProperty.call(target, key)) return true;
        delete (target as Record<string | symbol, unknown>)[key];
        this.markDirty(root);
        return true;
      },
      defineProperty: (target, key, descriptor) => {
        this.markDirty(root);
        return Reflect.defineProperty(target, key, descriptor);
      },
    });
    cache.set(raw, view);
    this.raws.set(view, raw);
    return view;
  }

  private nestedCache(root: object): WeakMap<object, object> {
    let cache = this.nestedViews.get(root);
    if (!cache) this.nestedViews.set(root, (cache = new WeakMap()));
    return cache;
  }
}
