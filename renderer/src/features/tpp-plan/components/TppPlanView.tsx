import { useEffect } from 'react';
import type { PlanModuleView } from '../../../../../main/api/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { StatusLine } from '../../../components/StatusLine';
import { currentModule, useTppPlanStore, type PlanReportFormat } from '../store';
import { ModuleVerdict } from './ModuleVerdict';
import '../tpp-plan.css';

const REPORT_FORMATS: { format: PlanReportFormat; label: string }[] = [
  { format: 'html', label: 'HTML' },
  { format: 'junit', label: 'JUnit XML' },
  { format: 'json', label: 'JSON' },
];

/** Where the app goes: the sandbox bank's URL, or a way to start it. */
function BankLine() {
  const { state, loaded, busy, startBank } = useTppPlanStore();
  // Before the first answer the bank may well be running: offering to start it would be a guess.
  if (!loaded && !state.bankUrl)
    return <p data-testid="plan-bank-loading">Asking whether the sandbox bank runs…</p>;
  if (state.bankUrl)
    return (
      <p>
        Point your app at the sandbox bank: <code data-testid="plan-bank-url">{state.bankUrl}</code>
      </p>
    );
  return (
    <p>
      The sandbox bank is not running.{' '}
      <button
        type="button"
        data-testid="plan-start-bank"
        disabled={busy !== undefined}
        onClick={() => void startBank()}
      >
        Start the sandbox bank
      </button>
    </p>
  );
}

function PlanChooser() {
  const { plans, choice, busy, setChoice, choosePlan } = useTppPlanStore();
  return (
    <form
      className="plan-chooser"
      onSubmit={(event) => {
        event.preventDefault();
        void choosePlan();
      }}
    >
      <label htmlFor="plan-choice">Plan</label>
      <select
        id="plan-choice"
        data-testid="plan-choice"
        value={choice ?? ''}
        onChange={(event) => setChoice(event.target.value)}
      >
        {plans.map((plan) => (
          <option key={plan.name} value={plan.name}>
            {plan.name} — {plan.modules} modules
          </option>
        ))}
      </select>
      <button type="submit" data-testid="plan-start" disabled={busy !== undefined || !choice}>
        Start the plan
      </button>
    </form>
  );
}

/** The module the tester works on: what to do in the app, and the buttons that move the plan. */
function CurrentModule({ module }: { module: PlanModuleView | undefined }) {
  const { busy, startModule, finishModule, skip } = useTppPlanStore();
  if (!module)
    return (
      <p data-testid="plan-current-none">
        Every module was judged or skipped: export the report below.
      </p>
    );
  const running = module.state === 'running';
  return (
    <div className="plan-current" data-testid="plan-current" data-module={module.id}>
      <h3>{module.title}</h3>
      <p className="muted">
        {module.id} · {module.section} · rules {module.rules.join(', ')}
      </p>
      <p data-testid="plan-instruction">{module.instruction}</p>
      {module.state === 'waiting' && /\{[a-zA-Z]+\}/.test(module.instruction) && (
        <p className="muted">The names in braces are those the bank prepares when you start.</p>
      )}
      {running && (
        <p role="status" aria-live="polite" data-testid="plan-exchanges">
          Running: {module.exchanges ?? 0} exchanges of your app seen so far.
        </p>
      )}
      <div className="plan-actions">
        {running ? (
          <button
            type="button"
            className="primary"
            data-testid="plan-finish-module"
            disabled={busy !== undefined}
            onClick={() => void finishModule(module.id)}
          >
            Finish {module.id} and judge it
          </button>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              data-testid="plan-start-module"
              disabled={busy !== undefined}
              onClick={() => void startModule(module.id)}
            >
              Start {module.id}
            </button>
            <button
              type="button"
              data-testid="plan-skip-module"
              disabled={busy !== undefined}
              onClick={() => skip(module.id)}
            >
              Skip {module.id}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

function RunAgain({ id, judged }: { id: string; judged: boolean }) {
  const { busy, startModule } = useTppPlanStore();
  return (
    <button
      type="button"
      data-testid="plan-run-again"
      disabled={busy !== undefined}
      onClick={() => void startModule(id)}
    >
      {judged ? `Run ${id} again` : `Start ${id}`}
    </button>
  );
}

export function TppPlanView() {
  const { state, skipped, busy, done, error, doing, load, exportReport, dismissError } =
    useTppPlanStore();
  useEffect(() => {
    void load();
  }, [load]);
  const plan = state.plan;
  const current = currentModule(plan, skipped);
  return (
    <section className="tpp-plan" data-testid="tpp-plan">
      <h1>Test my TPP</h1>
      <p className="muted">
        The embedded sandbox bank plays a test plan against your app: each module sets the bank up,
        tells you what to do in your app, and judges the requests it sends.
      </p>
      <ErrorNotice error={error} doing={doing} testId="plan-error" onDismiss={dismissError} />
      <h2>Bank and plan</h2>
      <BankLine />
      <PlanChooser />
      {plan && (
        <>
          <h2>Current module</h2>
          <CurrentModule module={current} />
          <h2>Modules of {plan.plan}</h2>
          <p className="muted">{plan.title}</p>
          <ol className="plan-modules">
            {plan.modules.map((module) => (
              <li
                key={module.id}
                data-testid="plan-module"
                data-module={module.id}
                aria-current={module.id === current?.id ? 'step' : undefined}
              >
                <ModuleVerdict module={module} skipped={skipped.includes(module.id)} />
                {/* Judged or skipped: run it again, e.g. once the app is fixed (a new window). */}
                {!plan.running && (module.state === 'judged' || skipped.includes(module.id)) && (
                  <RunAgain id={module.id} judged={module.state === 'judged'} />
                )}
              </li>
            ))}
          </ol>
          <h2>Report</h2>
          <div className="plan-actions">
            {REPORT_FORMATS.map(({ format, label }) => (
              <button
                key={format}
                type="button"
                data-testid={`plan-export-${format}`}
                disabled={busy !== undefined}
                onClick={() => void exportReport(format)}
              >
                Export {label}
              </button>
            ))}
          </div>
        </>
      )}
      <StatusLine busy={busy} done={done} testId="plan-status" />
    </section>
  );
}
