/** Where file-writing reporters put their output. */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface FileReporterOptions {
  /** Directory to write into; created when missing. */
  outputDir: string;
  /** File name inside `outputDir`; each reporter has a default. */
  fileName?: string;
}

/**
 * Writes atomically (temporary file, then rename), so a CI job or an open browser tab never
 * reads half a report. Returns the path written.
 */
export async function writeReportFile(
  outputDir: string,
  fileName: string,
  content: string,
): Promise<string> {
  await mkdir(outputDir, { recursive: true });
  const path = join(outputDir, fileName);
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, content, 'utf8');
  await rename(temporary, path);
  return path;
}
