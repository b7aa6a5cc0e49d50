import { useEffect } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { StatusLine } from '../../../components/StatusLine';
import { useCertificatesStore } from '../../../state/certificates-store';
import { CreateCaForm } from './CreateCaForm';
import { EntryList } from './EntryList';
import { EntryPanel } from './EntryPanel';
import { ImportForm } from './ImportForm';
import { IssueForm } from './IssueForm';
import { UnlockKeystore } from './UnlockKeystore';

export function CertificatesView() {
  const { status, entries, selected, busy, progress, done, error, loadStatus } =
    useCertificatesStore();
  useEffect(() => {
    void loadStatus();
  }, [loadStatus]);
  const entry = entries.find((e) => e.handle === selected);
  return (
    <section className="certificates" aria-labelledby="certificates-title">
      <header className="view-header">
        <h1 id="certificates-title">Certificates</h1>
        {status?.unlocked && (
          <span className="muted">
            Keys stay in the workbench; this view shows certificates, handles and fingerprints.
          </span>
        )}
      </header>
      <StatusLine busy={busy} done={done} progress={progress} testId="certs-status" />
      <ErrorNotice error={error} testId="certs-error" />
      {status && !status.unlocked ? (
        <UnlockKeystore />
      ) : (
        <div className="certificates-grid">
          <div className="entries-row">
            <EntryList />
          </div>
          <div>
            <CreateCaForm />
            <IssueForm />
            <ImportForm />
          </div>
          <div>
            {entry ? (
              <EntryPanel entry={entry} />
            ) : (
              <p className="muted">Choose an entry to see its details.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
