/**
 * Writing the baseline a run adopts (`--write-baseline`): its failures as the known deviations,
 * with the reasons of the previous baseline kept, written whole or not at all.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { baselineOfFailures, serializeBaseline, type Baseline } from '../../../shared/baseline.js';
import type { RunResult } from '../../../shared/run-result.js';
import { writeFileAtomic } from '../../persistence/atomic-file.js';
import type { SessionPlan } from './plan.js';

/**
 * The adopted baseline: this run's failures, plus the previous baseline's entries for checks the
 * run did not select (a partial run must not drop them); entries no check has are dropped.
 */
export function adoptedBaseline(
  result: RunResult,
  previous: Baseline | undefined,
  knownIds: ReadonlySet<string>,
): Baseline {
  const adopted = baselineOfFailures(result, previous);
  const ran = new Set(result.checks.map((check) => check.checkId));
  const kept = (previous?.expectedFailures ?? []).filter(
    (entry) => !ran.has(entry.checkId) && knownIds.has(entry.checkId),
  );
  return { expectedFailures: [...adopted.expectedFailures, ...kept] };
}

/** Writes a file whole or not at all (persistence/atomic-file.ts), readable by others as reports are. */
export async function writeAtomically(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, content, { mode: 0o644 });
}

/** Writes the baseline the run of `plan` adopts (marked: the outcome's result); its entries. */
export async function writeAdoptedBaseline(
  file: string,
  plan: SessionPlan,
  marked: RunResult,
): Promise<Baseline> {
  const known = new Set(plan.request.checks.map((check) => check.id));
  const adopted = adoptedBaseline(marked, plan.baseline?.baseline, known);
  await writeAtomically(file, serializeBaseline(adopted.expectedFailures));
  return adopted;
}
