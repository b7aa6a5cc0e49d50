/** Where file-writing reporters put their output. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../persistence/atomic-file.js';

export interface FileReporterOptions {
  /** Directory to write into; created when missing. */
  outputDir: string;
  /** File name inside `outputDir`; each reporter has a default. */
  fileName?: string;
}

/**
 * Writes atomically (persistence/atomic-file.ts), so a CI job or an open browser tab never reads
 * half a report. Readable by others, as a report is shared. Returns the path written.
 */
export async function writeReportFile(
  outputDir: string,
  fileName: string,
  content: string,
): Promise<string> {
  await mkdir(outputDir, { recursive: true });
  const path = join(outputDir, fileName);
  await writeFileAtomic(path, content, { mode: 0o644 });
  return path;
}
