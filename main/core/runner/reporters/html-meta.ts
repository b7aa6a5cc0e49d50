/**
 * The HTML report's header facts: where and against what the run ran (RunMetadata), and, first of
 * all, whether the bank was broken on purpose, so nobody reads a fault's failures as the bank's.
 * The target, environment, selection and faults come from run-header.ts, as JUnit's and JSON's.
 */
import type { RunResult } from '../../../shared/run-result.js';
import { signingLine, specRelease } from '../results/report-result.js';
import { escapeReportHtml as h } from './escape.js';
import { DELIBERATELY_BROKEN, runHeader } from './run-header.js';

/** A run against a bank with fault profiles on says so at the very top, before any verdict. */
export function faultNoticeHtml(result: RunResult): string {
  const { faultNotice, faultProfiles } = runHeader(result);
  if (faultNotice === null) return '';
  const detail = faultNotice.slice(DELIBERATELY_BROKEN.length).trim();
  return `<p class="fault-notice" role="note" data-fault-profiles="${h(faultProfiles.join(' '))}"><strong>${h(DELIBERATELY_BROKEN)}</strong> ${h(detail)}</p>`;
}

/** The Target row: the name the run knew it by, its kind, URL and mode. */
export function targetHtml(result: RunResult): string {
  return `<dt>Target</dt><dd>${h(runHeader(result).target)}</dd>`;
}

export function metaHtml(result: RunResult): string {
  const meta = result.meta;
  if (!meta) return '';
  const header = runHeader(result);
  const rows: [string, string][] = [
    ['Workbench', `${meta.workbench.name} ${meta.workbench.version}`],
    [
      'Spec',
      `${meta.spec.document} (${specRelease(meta.spec)}, Berlin Group OpenAPI ${meta.spec.berlinGroupOpenApi}); ${meta.spec.rules} rules, catalogue SHA-256 ${meta.spec.catalogueSha256.slice(0, 16)}…`,
    ],
    ['QSealC', signingLine(meta)],
    ['PSU data', meta.psuDataMasked === false ? 'kept (--no-redact)' : 'masked'],
    ['Profile', header.profile],
    ...(header.faultProfiles.length
      ? [['Fault profiles', header.faultProfiles.join(', ')] as [string, string]]
      : []),
    ...(header.environment !== null
      ? [['Environment', header.environment] as [string, string]]
      : []),
    ['Selection', header.selection ?? ''],
    ['Baseline', meta.baseline ?? '(none)'],
    ['Finished', result.finishedAt],
    [
      'Machine',
      `${meta.machine.hostname} (${meta.machine.platform} ${meta.machine.arch}, Node ${meta.machine.node})`,
    ],
    ['Run name', meta.runName],
  ];
  return rows.map(([name, value]) => `<dt>${h(name)}</dt><dd>${h(value)}</dd>`).join('\n');
}
