/**
 * The HTML report's header facts: where and against what the run ran (RunMetadata), and, first of
 * all, whether the bank was broken on purpose, so nobody reads a fault's failures as the bank's.
 */
import type { RunResult } from '../../../shared/run-result.js';
import { signingLine, specRelease } from '../results/report-result.js';
import { escapeHtml as h } from './escape.js';

/** A run against a bank with fault profiles on says so at the top, before any verdict. */
export function faultNoticeHtml(result: RunResult): string {
  const faults = result.meta?.target.faultProfiles;
  if (!faults?.length) return '';
  return `<p class="fault-notice" role="note" data-fault-profiles="${h(faults.join(' '))}"><strong>Deliberately broken bank.</strong> The embedded bank ran with fault profile${faults.length === 1 ? '' : 's'} ${h(faults.join(', '))} on: it broke ${faults.length === 1 ? 'that rule' : 'those rules'} on purpose, so the failures they cause are the faults, not the bank's.</p>`;
}

export function metaHtml(result: RunResult): string {
  const meta = result.meta;
  if (!meta) return '';
  const { selection } = meta;
  const chosen = [
    ...selection.suites.map((v) => `--suite ${v}`),
    ...selection.rules.map((v) => `--rule ${v}`),
    ...selection.tags.map((v) => `--tag ${v}`),
    ...(selection.grep !== null ? [`--grep ${selection.grep}`] : []),
    ...selection.exclude.map((v) => `--exclude ${v}`),
    ...(selection.rerunFailed !== null ? [`--rerun-failed ${selection.rerunFailed}`] : []),
    ...(selection.checkIds?.length ? [`chosen: ${selection.checkIds.join(', ')}`] : []),
  ];
  const rows: [string, string][] = [
    ['Workbench', `${meta.workbench.name} ${meta.workbench.version}`],
    [
      'Spec',
      `${meta.spec.document} (${specRelease(meta.spec)}, Berlin Group OpenAPI ${meta.spec.berlinGroupOpenApi}); ${meta.spec.rules} rules, catalogue SHA-256 ${meta.spec.catalogueSha256.slice(0, 16)}…`,
    ],
    ['QSealC', signingLine(meta)],
    ['PSU data', meta.psuDataMasked === false ? 'kept (--no-redact)' : 'masked'],
    ['Profile', meta.target.profileFile ?? '(none: command-line target)'],
    ...(meta.target.faultProfiles?.length
      ? [['Fault profiles', meta.target.faultProfiles.join(', ')] as [string, string]]
      : []),
    ...(meta.target.environment !== undefined
      ? [['Environment', meta.target.environment] as [string, string]]
      : []),
    [
      'Selection',
      `${meta.selection.checks} checks${chosen.length > 0 ? `: ${chosen.join(' ')}` : ' (all of the mode)'}`,
    ],
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
