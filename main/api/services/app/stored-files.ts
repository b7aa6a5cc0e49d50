/**
 * What the services that keep a JSON file (settings, targets, collections) share: the notices
 * about files that could not be read, so the UI can say what happened, and the parser that checks
 * a file against its schema.
 */
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import type { StoreNotice } from '../../../core/persistence/index.js';

/** Notices of every store, in the order they were found. */
export class StorageNotices {
  private readonly notices: StoreNotice[] = [];
  add(notice: StoreNotice | undefined): void {
    if (notice) this.notices.push(notice);
  }
  list(): StoreNotice[] {
    return [...this.notices];
  }
}

/**
 * A parser for JsonFileStore: the schema's verdict, first problem named. The schema is compiled
 * (TypeBox's TypeCompiler) on first use: a store of 200,000 saved requests is checked several
 * times faster than by walking the schema for every value, and it is checked on every open and
 * every change (`workbench collection list` opens it).
 */
export function schemaParser<T>(schema: TSchema, defaults?: () => T): (value: unknown) => T {
  let compiled: TypeCheck<TSchema> | undefined;
  return (value) => {
    // A file written before a setting existed takes that setting's default.
    const candidate =
      defaults && typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { ...defaults(), ...value }
        : value;
    compiled ??= TypeCompiler.Compile(schema);
    if (!compiled.Check(candidate)) {
      const first = compiled.Errors(candidate).First();
      throw new Error(
        first ? `${first.path || '/'}: ${first.message}` : 'it does not match its schema',
      );
    }
    return candidate as T;
  };
}
