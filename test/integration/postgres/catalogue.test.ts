/**
 * The bank on its PostgreSQL store passes the whole check catalogue, both
 * modes, with the admin API (the clock checks run too), as the SQLite-backed bank does
 * (test/integration/bank/change-tracking.test.ts). A `workbench bank --db postgres://…` that
 * cannot reach its database exits 1 naming it. Needs Debian's PostgreSQL for the catalogue runs
 * (test/support/machine.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { createBank } from '../../../main/core/bank/index';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data';
import { PgBankStore } from '../../../main/core/bank/store/pg-bank-store';
import { VirtualClock } from '../../../main/core/clock';
import { has } from '../../support/machine.js';
import { runCatalogue } from '../bank/catalogue-run.js';
import { startPostgres, type ThrowawayPostgres } from '../../support/postgres.js';

describe.skipIf(!has('postgres'))('the whole catalogue on the PostgreSQL store', () => {
  let identity: TppIdentity;
  let server: ThrowawayPostgres;
  beforeAll(async () => {
    identity = await createTppIdentity();
    server = await startPostgres();
  }, 120_000);
  afterAll(() => server?.stop());

  for (const mode of ['sandbox', 'production'] as const)
    it(`${mode}: no check fails`, async () => {
      const clock = new VirtualClock();
      const store = await PgBankStore.open(server.createDatabase(`catalogue_${mode}`), clock);
      await store.start(() => buildInitialState(clock.now(), mode));
      const bank = createBank({ mode, clock, sharedStore: store });
      try {
        const { result, failed } = await runCatalogue(bank, clock, mode, identity);
        expect(failed).toEqual([]);
        expect(result.counts.PASS).toBeGreaterThan(50);
      } finally {
        await bank.close(); // its shared log's connection (store/pg-shared-log.ts)
        await store.close();
      }
    }, 600_000);
});

describe('workbench bank --db postgres://… without its database', () => {
  it.skipIf(!existsSync('out/main/cli.js'))('exits 1 naming the database', async () => {
    const failure = await promisify(execFile)(
      process.execPath,
      [
        'bin/workbench.js',
        'bank',
        '--mode',
        'sandbox',
        '--db',
        'postgres://bank:secret@127.0.0.1:1/sandbox',
      ],
      { timeout: 30_000 },
    ).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /cannot reach the PostgreSQL database postgres:\/\/bank:\*\*\*@127\.0\.0\.1:1\/sandbox/,
    );
  });
});
