import { useState } from 'react';
import type { KeystoreEntryView } from '../../../../../main/api/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { targetInput, useTargetsStore } from '../../../state/targets-store';

/** Makes an entry the signing (QSealC) or transport (QWAC) certificate of a target. */
export function TargetAssignment({ entry }: { entry: KeystoreEntryView }) {
  const { view, save, busy, error } = useTargetsStore();
  const [targetId, setTargetId] = useState('');
  if (!view || !entry.hasPrivateKey || entry.kind === 'ca') return null;
  // A profile names its certificates in its file (by keystore label): written in Targets.
  const editable = view.targets.filter((t) => t.kind !== 'profile');
  const chosen = editable.find((t) => t.id === (targetId || view.activeTargetId)) ?? editable[0];
  const assign = (role: 'signingCertificate' | 'transportCertificate') => {
    if (chosen) void save({ ...targetInput(chosen), [role]: entry.handle });
  };
  const usedBy = view.targets.flatMap((t) => [
    ...(t.signingCertificate === entry.handle ? [`signs for ${t.name}`] : []),
    ...(t.transportCertificate === entry.handle ? [`mTLS for ${t.name}`] : []),
  ]);
  return (
    <div className="assign">
      <h3>Use for a target</h3>
      {usedBy.length > 0 && (
        <p className="muted" data-testid="cert-used-by">
          In use: {usedBy.join('; ')}.
        </p>
      )}
      <div className="actions">
        <select
          aria-label="Target"
          data-testid="assign-target"
          value={chosen?.id ?? ''}
          onChange={(e) => setTargetId(e.target.value)}
        >
          {editable.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={busy}
          data-testid="use-as-signing"
          onClick={() => assign('signingCertificate')}
        >
          Sign requests with it{entry.kind === 'qsealc' ? '' : ' (not a QSealC)'}
        </button>
        <button
          type="button"
          disabled={busy}
          data-testid="use-as-transport"
          onClick={() => assign('transportCertificate')}
        >
          Use for mTLS{entry.kind === 'qwac' ? '' : ' (not a QWAC)'}
        </button>
      </div>
      <ErrorNotice error={error} doing="Choosing the certificate" />
    </div>
  );
}
