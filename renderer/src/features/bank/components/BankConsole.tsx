import { ErrorNotice } from '../../../components/ErrorNotice';
import { StatusLine } from '../../../components/StatusLine';
import { useBankStore } from '../store';
import { BankControls } from './BankControls';
import { ClockControls } from './ClockControls';
import { RegistryEditor } from './RegistryEditor';
import { RequestLog } from './RequestLog';
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
      <StatusLine busy={busy} done={done} testId="bank-status" />
      <ErrorNotice error={error} testId="bank-error" />
      <div className="bank-top">
        <BankControls mode="sandbox" />
        <BankControls mode="production" />
        <ClockControls />
      </div>
      <RequestLog />
      <SequenceDiagram />
      <StateTables />
      <RegistryEditor />
    </section>
  );
}
