/**
 * What a run leaves behind once it ended: the report files named after the run, its outcome (exit
 * code, could not test), the baseline it adopts and the signed evidence bundle, each when asked.
 * The host prints what was done; nothing here writes to a console.
 */
import type { Baseline } from '../../../shared/baseline.js';
import type { Signer } from '../evidence/evidence-bundle.js';
import { writeAdoptedBaseline } from './baselines.js';
import { writeEvidenceBundle } from './bundle.js';
import { baselineRefusal, sessionOutcome, type SessionOutcome } from './outcome.js';
import { nameReportFiles, type ReportFormat, type ReportPaths } from './report-files.js';
import type { SessionRun } from './run.js';

export interface SessionOutputs {
  /** The reports written (reportFileReporters) into `outputDir`. */
  formats: readonly ReportFormat[];
  outputDir: string;
  /** Where to write the baseline the run adopts. */
  writeBaseline?: string;
  /** Where to write the signed evidence bundle (all three reports must be among `formats`). */
  bundle?: { file: string; signer: Signer };
}

export interface FinishedSession extends SessionOutcome {
  reports: ReportPaths;
  /** The baseline written, or why it was not (a run that could not test, or was cancelled). */
  baseline?: { file: string; adopted: Baseline } | { refused: string };
  bundle?: string;
}

export async function finishSession(
  run: SessionRun,
  outputs: SessionOutputs,
  options: { cancelled: boolean; warn(message: string): void },
): Promise<FinishedSession> {
  const { plan } = run;
  const reports = await nameReportFiles(
    outputs.formats,
    outputs.outputDir,
    run.presented.meta?.runName,
    options.warn,
  );
  const outcome = sessionOutcome(run.outcome, options.cancelled);
  const finished: FinishedSession = { ...outcome, reports };
  if (outputs.writeBaseline !== undefined) {
    const refused = baselineRefusal(outcome.exitCode);
    finished.baseline = refused
      ? { refused }
      : {
          file: outputs.writeBaseline,
          adopted: await writeAdoptedBaseline(outputs.writeBaseline, plan, run.outcome.result),
        };
  }
  if (outputs.bundle) {
    await writeEvidenceBundle(
      outputs.bundle.file,
      outputs.bundle.signer,
      run.presented,
      reports.written,
      plan.request.psuData !== 'keep',
    );
    finished.bundle = outputs.bundle.file;
  }
  return finished;
}
