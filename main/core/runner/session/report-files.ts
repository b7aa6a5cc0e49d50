/**
 * The report files of a run: JUnit XML, the self-contained HTML page and the JSON result, each
 * under a stable name (junit.xml, report.html, run-result.json) that CI scripts read, and a second
 * name after the run, `<runName>.junit.xml|.html|.run-result.json`, that sorts the files of many
 * runs together (docs/ci.md "Report files"). The UI's exports are the same renderings, named so.
 */
import { copyFile, link, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunResult } from '../../../shared/run-result.js';
import type { Reporter } from '../engine/events.js';
import {
  DEFAULT_HTML_FILE,
  htmlReporter,
  renderHtmlReport,
  type HtmlReportOptions,
} from '../reporters/html.js';
import { DEFAULT_JSON_FILE, jsonReporter, renderJsonResult } from '../reporters/json.js';
import { DEFAULT_JUNIT_FILE, junitReporter, renderJUnit } from '../reporters/junit.js';
import { RUN_REPORT_SUFFIX } from './run-name.js';
import type { ReportFormat } from '../../../shared/report-formats.js';
import type { RuleCatalogue } from './plan.js';

export { REPORT_FORMATS, type ReportFormat } from '../../../shared/report-formats.js';

/** The stable file name of each report. */
export const REPORT_FILES: Record<ReportFormat, string> = {
  junit: DEFAULT_JUNIT_FILE,
  html: DEFAULT_HTML_FILE,
  json: DEFAULT_JSON_FILE,
};

/** Reporters writing the reports of `formats` into `outputDir` when the run ends. */
export function reportFileReporters(
  formats: readonly ReportFormat[],
  outputDir: string,
  catalogue: RuleCatalogue,
): Reporter[] {
  const reporters: Reporter[] = [];
  if (formats.includes('junit')) reporters.push(junitReporter({ outputDir }));
  if (formats.includes('json')) reporters.push(jsonReporter({ outputDir }));
  if (formats.includes('html'))
    reporters.push(htmlReporter({ outputDir, ...htmlOptions(catalogue) }));
  return reporters;
}

/** One report of a presented result as a file to save, named after the run. */
export function renderReport(
  format: ReportFormat,
  presented: RunResult,
  runName: string,
  catalogue: RuleCatalogue,
): { fileName: string; mediaType: string; content: string } {
  const fileName = `${runName}${RUN_REPORT_SUFFIX[format]}`;
  if (format === 'junit')
    return { fileName, mediaType: 'application/xml', content: renderJUnit(presented) };
  if (format === 'html')
    return {
      fileName,
      mediaType: 'text/html',
      content: renderHtmlReport(presented, htmlOptions(catalogue)),
    };
  return { fileName, mediaType: 'application/json', content: renderJsonResult(presented) };
}

/** The HTML report's rule sections and, when the catalogue has it, its coverage map. */
function htmlOptions(catalogue: RuleCatalogue): HtmlReportOptions {
  return {
    describeRule: catalogue.describeRule,
    ...(catalogue.coverage ? { coverage: catalogue.coverage } : {}),
  };
}

/**
 * A second name for a written report: a hard link (no second copy on disk), or a copy where the
 * file system has none. Replaces a file of that name.
 */
async function nameReport(stable: string, named: string): Promise<void> {
  await rm(named, { force: true });
  try {
    await link(stable, named);
  } catch {
    await copyFile(stable, named);
  }
}

export interface ReportPaths {
  /** The stable path of each report written. */
  written: Partial<Record<ReportFormat, string>>;
  /** The named copy of each, where one could be made. */
  named: Partial<Record<ReportFormat, string>>;
}

/** The paths of the reports written, each also named after the run (`warn`: a copy not made). */
export async function nameReportFiles(
  formats: readonly ReportFormat[],
  outputDir: string,
  runName: string | undefined,
  warn: (message: string) => void,
): Promise<ReportPaths> {
  const paths: ReportPaths = { written: {}, named: {} };
  for (const format of formats) {
    const stable = join(outputDir, REPORT_FILES[format]);
    paths.written[format] = stable;
    if (!runName) continue;
    const named = join(outputDir, `${runName}${RUN_REPORT_SUFFIX[format]}`);
    try {
      await nameReport(stable, named);
      paths.named[format] = named;
    } catch (error) {
      warn(
        `${stable}: no named copy ${named} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  return paths;
}
