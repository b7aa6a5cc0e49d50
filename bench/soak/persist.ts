/**
 * The soak with --persist (run.ts): what the database file holds after the run, and the commits'
 * share of the CPU.
 */
import { snapshotStateOf, type DomainSnapshot } from '../../main/core/bank/state.js';
import { BankDatabase } from '../../main/core/bank/store/bank-database.js';

/** The commits' time on the event loop against this process's CPU (the bank and the soak's TPPs)
 * since `start`. */
export function commitShare(database: BankDatabase, start: NodeJS.CpuUsage): string {
  const used = process.cpuUsage(start);
  const total = (used.user + used.system) / 1000;
  const commit = database.counters.busyMicros / 1000;
  return `commit: ${database.counters.commits} commits, ${database.counters.rowsWritten} rows, ${commit.toFixed(0)} ms in commits of ${total.toFixed(0)} ms process CPU (${((100 * commit) / total).toFixed(1)} %)`;
}

/**
 * With --persist: the database file, opened again after the bank closed, holds exactly the state
 * the bank answered from (every acknowledged change committed, nothing else).
 */
export async function persistedState(
  database: BankDatabase,
  path: string,
  after: DomainSnapshot,
): Promise<string[]> {
  database.close();
  const reopened = await BankDatabase.open(path);
  try {
    reopened.load();
    const saved = snapshotStateOf(reopened.raw());
    const problems: string[] = [];
    for (const name of Object.keys(after) as (keyof DomainSnapshot)[])
      if (JSON.stringify(saved[name]) !== JSON.stringify(after[name]))
        problems.push(`${name}: the file differs from the state the bank answered from`);
    return problems;
  } finally {
    reopened.close();
  }
}
