import type { ModuleStatus, PlanModuleView } from '../../../../../main/api/contract';

/** Findings shown per module; the exported report keeps them all. */
const FINDINGS_SHOWN = 10;

const SYMBOL: Record<ModuleStatus, string> = {
  PASS: '✓',
  FAIL: '✗',
  NOT_EXERCISED: '–',
  INCONCLUSIVE: '?',
};

/** A module's state or verdict: colour, a symbol and the word, so it reads without colour too. */
function VerdictBadge({ module, skipped }: { module: PlanModuleView; skipped: boolean }) {
  const status = module.result?.status;
  const word = status ?? (module.state === 'running' ? 'RUNNING' : skipped ? 'SKIPPED' : 'WAITING');
  return (
    <span
      className={`plan-badge plan-badge-${word.toLowerCase().replace('_', '-')}`}
      data-testid="plan-verdict"
      data-status={word}
    >
      {status && <span aria-hidden="true">{SYMBOL[status]} </span>}
      {word}
    </span>
  );
}

/** One module of the plan: what it judges, and its verdict with the requests it rests on. */
export function ModuleVerdict({ module, skipped }: { module: PlanModuleView; skipped: boolean }) {
  const result = module.result;
  return (
    <>
      <h3>
        {module.title} <VerdictBadge module={module} skipped={skipped} />
      </h3>
      <p className="muted">
        {module.id} · {module.section} · rules {module.rules.join(', ')}
      </p>
      {result && (
        <>
          <p data-testid="plan-verdict-text">
            {result.text} ({result.requestsJudged} requests judged)
          </p>
          {result.findings.length > 0 && (
            <details>
              <summary>Evidence: {result.findings.length} findings</summary>
              <ul className="plan-findings" data-testid="plan-findings">
                {result.findings.slice(0, FINDINGS_SHOWN).map((finding) => (
                  <li key={`${finding.verdict}-${finding.exchangeId}`}>
                    <strong>{finding.verdict === 'fail' ? 'Broken' : 'Kept'}</strong> by exchange #
                    {finding.exchangeId} <code>{finding.request}</code>: {finding.text}
                    {finding.rejectedBy &&
                      ` (refused by ${finding.rejectedBy.stage}: ${finding.rejectedBy.rule})`}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </>
  );
}
