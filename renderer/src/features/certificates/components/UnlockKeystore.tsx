import { useState } from 'react';
import { useCertificatesStore } from '../../../state/certificates-store';

/** The keystore passphrase, asked once per launch; the first unlock creates the keystore. */
export function UnlockKeystore() {
  const { status, unlock, busy } = useCertificatesStore();
  const [passphrase, setPassphrase] = useState('');
  const creating = status && !status.exists;
  return (
    <form
      className="card unlock"
      data-testid="unlock-keystore"
      onSubmit={(event) => {
        event.preventDefault();
        if (passphrase) void unlock(passphrase).then((ok) => ok && setPassphrase(''));
      }}
    >
      <h2>{creating ? 'Create the keystore' : 'Unlock the keystore'}</h2>
      <p>
        {creating
          ? 'Choose a passphrase: it encrypts the private keys the workbench keeps. You will be asked for it once each time the workbench starts.'
          : 'The private keys are encrypted with your passphrase. Enter it once for this launch.'}
      </p>
      {status?.location && (
        <p className="muted">
          Keystore file: <code>{status.location}</code>
        </p>
      )}
      {status?.notice && (
        <p className="notice notice-warn" role="alert">
          {status.notice}
        </p>
      )}
      <label className="field">
        <span>Passphrase</span>
        <input
          type="password"
          autoComplete={creating ? 'new-password' : 'current-password'}
          value={passphrase}
          data-testid="keystore-passphrase"
          onChange={(event) => setPassphrase(event.target.value)}
          required
        />
      </label>
      <button
        type="submit"
        className="primary"
        disabled={!!busy || !passphrase}
        data-testid="unlock"
      >
        {creating ? 'Create' : 'Unlock'}
      </button>
    </form>
  );
}
