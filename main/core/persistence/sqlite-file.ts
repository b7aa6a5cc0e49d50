/**
 * An embedded SQLite database file (better-sqlite3) for state that must survive a kill: WAL
 * journal, `synchronous=FULL`, a schema version table with numbered migrations, and a file that
 * cannot be read as a database is refused and moved aside, never silently replaced.
 *
 * Durability of `synchronous=FULL` in WAL mode: a commit returns after its WAL frames are written
 * and fsync'ed, so every committed transaction survives a process kill and a power loss or OS crash
 * (docs/reliability.md). NORMAL would survive a kill but could lose the last commits on power loss — unless, as the bank's
 * database does (wal-sync.ts), nothing is acknowledged before an fdatasync of the WAL that began
 * after the commit.
 */
import Database from 'better-sqlite3';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export type SqliteDatabase = Database.Database;

/** One step of a schema: run once, in a transaction, to go from `version - 1` to `version`. */
export interface Migration {
  version: number;
  /** What the step changes, for the message when it fails. */
  summary: string;
  up(db: SqliteDatabase): void;
}

export class DatabaseFileError extends Error {
  override readonly name = 'DatabaseFileError';
  constructor(
    message: string,
    /** Where the unreadable file was moved, when it was. */
    readonly movedTo?: string,
  ) {
    super(message);
  }
}

const SCHEMA_TABLE = 'schema_version';

/** The database's schema version; 0 for a new (or empty) file without the version table. */
export function schemaVersion(db: SqliteDatabase): number {
  const table = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(SCHEMA_TABLE);
  if (!table) return 0;
  const row = db.prepare(`SELECT version FROM ${SCHEMA_TABLE}`).get() as
    { version: number } | undefined;
  return row?.version ?? 0;
}

/**
 * Brings the schema to the last migration's version, one transaction per step (a failed step
 * leaves the file at the previous version). A file newer than this program knows is refused.
 */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[], what: string): void {
  const target = migrations.at(-1)?.version ?? 0;
  const current = schemaVersion(db);
  if (current > target)
    throw new DatabaseFileError(
      `${what} has schema version ${current}, newer than this version of the workbench reads (${target}); use a newer workbench or another file`,
    );
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.exec(`CREATE TABLE IF NOT EXISTS ${SCHEMA_TABLE} (version INTEGER NOT NULL)`);
      db.exec(`DELETE FROM ${SCHEMA_TABLE}`);
      db.prepare(`INSERT INTO ${SCHEMA_TABLE} (version) VALUES (?)`).run(migration.version);
    })();
  }
}

/** Opens a database in memory with the same schema (a bank without a file). */
export function openMemoryDatabase(migrations: readonly Migration[]): SqliteDatabase {
  const db = new Database(':memory:');
  migrate(db, migrations, 'the in-memory database');
  return db;
}

/**
 * Temporary files a killed writer of `path` left behind: the atomic JSON writer's
 * `.<name>.<pid>.<random>.tmp` (persistence/atomic-file.ts). SQLite's own `-wal` and `-journal`
 * files are never touched: they hold committed transactions that opening the database recovers.
 */
export async function removeLeftoverTemporaryFiles(path: string): Promise<string[]> {
  const folder = dirname(path);
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const leftovers = names.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'));
  await Promise.all(leftovers.map((name) => rm(join(folder, name), { force: true })));
  return leftovers.map((name) => join(folder, name));
}

/**
 * What the file system says when the file at `path` is opened for writing (SQLite's own message,
 * "unable to open database file", names neither): `; the system says EROFS: read-only file system,
 * open '…'`, or nothing when it can be opened. A file this creates is removed again.
 */
async function whyNotWritable(path: string): Promise<string> {
  const existed = existsSync(path);
  try {
    const handle = await open(path, existed ? 'r+' : 'wx');
    await handle.close();
    if (!existed) await rm(path, { force: true });
    return '';
  } catch (error) {
    return `; the system says ${(error as Error).message}`;
  }
}

export interface OpenDatabaseFileOptions {
  migrations: readonly Migration[];
  /** What the file holds, for messages: 'the bank database'. */
  what: string;
  now?: () => Date;
}

/**
 * Opens (or creates) the database at `path` in WAL mode with `synchronous=FULL`, after removing
 * leftover temporary files, and migrates it. A file that is not a readable database (wrong
 * header, failed integrity check) is moved to `<file>.corrupt-<timestamp>` with its `-wal` and
 * `-shm`, and a DatabaseFileError names both paths; the caller refuses to start on it.
 */
export async function openDatabaseFile(
  path: string,
  options: OpenDatabaseFileOptions,
): Promise<SqliteDatabase> {
  await removeLeftoverTemporaryFiles(path);
  let db: SqliteDatabase | undefined;
  try {
    db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(String(check)), { code: 'SQLITE_CORRUPT' });
  } catch (error) {
    db?.close();
    const code = (error as { code?: string }).code ?? '';
    if (!/^SQLITE_(NOTADB|CORRUPT)/.test(code))
      throw new DatabaseFileError(
        `${options.what} ${path} cannot be opened: ${(error as Error).message}${code ? ` (${code})` : ''}${await whyNotWritable(path)}`,
      );
    const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const movedTo = `${path}.corrupt-${stamp}`;
    await rename(path, movedTo);
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(path + suffix)) await rename(path + suffix, movedTo + suffix);
    throw new DatabaseFileError(
      `${options.what} ${path} is not a readable database (${(error as Error).message}); it was moved to ${movedTo} and nothing was started from it`,
      movedTo,
    );
  }
  try {
    migrate(db, options.migrations, `${options.what} ${path}`);
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code;
    if (code?.startsWith('SQLITE_'))
      throw new DatabaseFileError(
        `${options.what} ${path} cannot be prepared: ${(error as Error).message} (${code})${await whyNotWritable(path)}`,
      );
    throw error;
  }
  return db;
}
