import { ErrorNotice } from '../../../components/ErrorNotice';
import { SkipLink } from '../../../components/SkipLink';
import { StatusLine } from '../../../components/StatusLine';
import { useBankStore } from '../../../state/bank-store';
import { BankControls } from './BankControls';
import { ClockControls } from './ClockControls';
import { RegistryEditor } from './RegistryEditor';
import { RequestLogPanel } from './RequestLogPanel';
import { SequenceDiagram } from './SequenceDiagram';
import { StateTables } from './StateTables';

/** The embedded banks: lifecycle, clock, live request log, state to act on, registry and trust store. */
export function BankConsole() {
  const { busy, done, error } = useBankStore();
  return (
    <section className="bank-console" aria-labelledby="bank-title">
      <header className="view-header">
        <h1 id="bank-title">Embedded bank</h1>
      </header>
      {/* The log and the controls hold a hundred stops before the diagram a presenter wants. */}
      <SkipLink targetId="sequence-diagram" testId="skip-to-sequence">
        Skip to the sequence diagram
      </SkipLink>
      <StatusLine busy={busy} done={done} testId="bank-status" />
      <ErrorNotice error={error} testId="bank-error" />
      <div className="bank-top">
        <BankControls mode="sandbox" />
        <BankControls mode="production" />
        <ClockControls />
      </div>
      <RequestLogPanel />
      <SequenceDiagram />
      <StateTables />
      <RegistryEditor />
    </section>
  );
}
