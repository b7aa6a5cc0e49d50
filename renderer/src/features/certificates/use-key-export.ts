import { useState } from 'react';
import type { KeyExportConfirmationView, KeystoreEntryView } from '../../../../main/api/contract';
import { exportPassphraseProblem } from '../../../../main/shared/export-passphrase';
import { downloadBase64 } from '../../lib/download';
import { useCertificatesStore } from '../../state/certificates-store';

/**
 * The private key's export form: its fields, whether they allow the export (the passphrase typed
 * twice and meeting the rule, a CA's name typed), and the steps to main's confirmation (a native
 * dialog on the desktop, a code printed in the web host's terminal otherwise).
 */
export function useKeyExport(entry: KeystoreEntryView, onClose: () => void) {
  const { requestKeyExport, exportPrivateKey, busy } = useCertificatesStore();
  const [format, setFormat] = useState<'pkcs8' | 'pkcs12'>('pkcs12');
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [caName, setCaName] = useState('');
  const [code, setCode] = useState('');
  const [confirmation, setConfirmation] = useState<KeyExportConfirmationView>();
  const mismatch = repeat !== '' && repeat !== passphrase;
  const weak = passphrase === '' ? undefined : exportPassphraseProblem(passphrase);
  const isCa = entry.kind === 'ca';
  const ready = !mismatch && repeat !== '' && !weak && (!isCa || caName === entry.label);
  const close = () => {
    setPassphrase('');
    setRepeat('');
    setCaName('');
    setCode('');
    setConfirmation(undefined);
    onClose();
  };
  const exportKey = async (typedCode?: string) => {
    const file = await exportPrivateKey({
      handle: entry.handle,
      format,
      passphrase,
      ...(typedCode ? { confirmation: typedCode } : {}),
      ...(isCa ? { caName } : {}),
    });
    if (file) {
      downloadBase64(file.fileName, file.base64, file.mimeType);
      close();
    } else if (typedCode) {
      // A code serves one attempt: ask for a new one.
      setCode('');
      setConfirmation(undefined);
    }
  };
  const submit = () => {
    if (!ready) return;
    if (confirmation?.mode === 'terminal-token') {
      if (code.trim() !== '') void exportKey(code);
      return;
    }
    void requestKeyExport({ handle: entry.handle, format }).then((asked) => {
      if (!asked) return;
      // Desktop: main shows its dialog during the export call itself.
      if (asked.mode === 'dialog') void exportKey();
      else setConfirmation(asked);
    });
  };
  return {
    busy,
    format,
    setFormat,
    passphrase,
    setPassphrase,
    repeat,
    setRepeat,
    caName,
    setCaName,
    code,
    setCode,
    confirmation,
    mismatch,
    weak,
    isCa,
    ready,
    close,
    submit,
  };
}
