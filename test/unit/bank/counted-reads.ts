/**
 * A bank whose chosen routes count their handler's calls: the tests of a pure read's kept answer
 * (answers/read-answers.ts) see whether an answer was made again or kept, in memory and on SQLite.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import { openStateEngine } from '../../../main/core/bank/engine/open-state-engine.js';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes.js';
import { VirtualClock } from '../../../main/core/clock.js';

/** A sandbox bank at `now` (frozen) whose `counted` routes count their calls; SQLite when `db`. */
export async function countedReadsBank(
  counted: ReadonlySet<string>,
  options: { db: boolean; now: Date },
): Promise<{ bank: Bank; clock: VirtualClock; counter: { calls: number } }> {
  const clock = new VirtualClock();
  clock.freeze(); // frozen first: a running clock set, then frozen, moves on by the time between
  clock.set(options.now);
  const counter = { calls: 0 };
  const routes = BANK_ROUTES.map((route) =>
    counted.has(route.operationId)
      ? {
          ...route,
          handle: (...args: Parameters<typeof route.handle>) => {
            counter.calls += 1;
            return route.handle(...args);
          },
        }
      : route,
  );
  const path = options.db
    ? join(mkdtempSync(join(tmpdir(), 'counted-reads-')), 'bank.db')
    : undefined;
  const { engine } = await openStateEngine({ db: path, mode: 'sandbox', clock });
  const bank = createBank({ mode: 'sandbox', clock, routes, engine });
  return { bank, clock, counter };
}
