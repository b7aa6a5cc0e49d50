/**
 * `npm run bench:bank`, the CPU-per-request table's banks: where a measured bank process keeps
 * its N consents and N payments, filled before that process starts, and how the process opens
 * them.
 *
 * - memory: the bank process builds the entities itself, each as JSON.parse makes it (as a
 *   database load does), bank-memory.ts `parsedStateWith`, from the templates it is sent;
 * - sqlite, postgres: the parent writes them to a SQLite file or a PostgreSQL database
 *   (bank-memory.ts `openBank` on an empty store writes the initial state), then the bank process
 *   opens that store and reads them from it, as `workbench bank --db` does at start.
 *
 * The entities are copies of a consent and a payment the bank made for the bench's own TPP
 * (bank-entities.ts `templates`), so the measured signed GET of the template consent is answered
 * 200, as a TPP reading its own consent is.
 */
import type { Consent, Payment } from '../main/core/bank/domain/model.js';
import type { VirtualClock } from '../main/core/clock.js';
import { stateWith } from './bank-entities.js';
import { openBank, parsedStateWith } from './bank-memory.js';

/** What a bank process is told to open (JSON: it travels over IPC). */
export type StoreSpec =
  | { engine: 'memory'; size: number; consent: Consent; payment: Payment }
  | { engine: 'sqlite' | 'postgres'; where: string };

/** In the bank process: its bank on `spec`, and how to close it. */
export async function openStoredBank(spec: StoreSpec, clock: VirtualClock) {
  if (spec.engine === 'memory') {
    const state = parsedStateWith(spec.size, clock.now(), spec.consent, spec.payment);
    return openBank('memory', '', clock, () => state);
  }
  return openBank(spec.engine, spec.where, clock, () => {
    throw new Error(`the ${spec.engine} store at ${spec.where} was not filled before the bank`);
  });
}

/**
 * In the parent: `size` consents and payments written to the empty store at `where` (a SQLite
 * file path or a PostgreSQL URL), the store closed again.
 */
export async function fillStore(
  engine: 'sqlite' | 'postgres',
  where: string,
  size: number,
  clock: VirtualClock,
  templates: { consent: Consent; payment: Payment },
): Promise<void> {
  const { close } = await openBank(engine, where, clock, () =>
    stateWith(size, clock.now(), templates.consent, templates.payment),
  );
  await close();
}
