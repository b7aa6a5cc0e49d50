/**
 * test/support/postgres.ts: a throwaway PostgreSQL server starts on a free port, serves through
 * `pg`, makes databases, and is gone after stop(). Missing here: a named skip; missing in CI: a
 * failure (machine.ts).
 */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { has, postgresBinaries } from '../../support/machine.js';
import { startPostgres } from '../../support/postgres.js';

describe.skipIf(!has('postgres'))('a throwaway PostgreSQL server (needs Debian postgresql)', () => {
  it('starts, answers through pg, makes a database, and stops', async () => {
    const server = await startPostgres();
    let folderGone = false;
    try {
      const client = new pg.Client({ connectionString: server.createDatabase('sandbox_one') });
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; answer: number }>(
          'SELECT current_database() AS database, 41 + 1 AS answer',
        );
        expect(rows[0]).toEqual({ database: 'sandbox_one', answer: 42 });
      } finally {
        await client.end();
      }
    } finally {
      server.stop();
      const probe = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2_000 });
      folderGone = await probe.connect().then(
        () => probe.end().then(() => false),
        () => true,
      );
    }
    expect(folderGone, 'the server no longer answers after stop()').toBe(true);
  }, 60_000);

  it('finds the newest installed version', () => {
    const bin = postgresBinaries();
    expect(bin && existsSync(`${bin}/pg_ctl`)).toBe(true);
    expect(postgresBinaries('/nonexistent')).toBeUndefined();
  });
});
