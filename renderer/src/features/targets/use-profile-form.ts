import { useState } from 'react';
import { pathsOf, psusOf } from './profile-form-model';
import type { ProfileFormInput } from '../../state/targets-store';
import { credentialOf, emptyCredential } from './components/CredentialField';

/** The profile form's text fields (each an `<input>`). */
export type ProfileText = {
  name: string;
  baseUrl: string;
  bankSigningCert: string;
  bankCa: string;
  adminUrl: string;
  adminToken: string;
};

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** The profile form's fields, and the profile they describe as main takes it (targets.createProfile). */
export function useProfileForm() {
  const [path, setPath] = useState('');
  const [text, setText] = useState<ProfileText>({
    name: '',
    baseUrl: 'https://',
    bankSigningCert: '',
    bankCa: '',
    adminUrl: '',
    adminToken: '',
  });
  const [signing, setSigning] = useState(emptyCredential);
  const [tls, setTls] = useState(emptyCredential);
  const [aisp, setAisp] = useState(emptyCredential);
  const [privatePsus, setPrivatePsus] = useState('');
  const [corporatePsus, setCorporatePsus] = useState('');
  const [mode, setMode] = useState<ProfileFormInput['mode']>('sandbox');
  const [scaMode, setScaMode] = useState<ProfileFormInput['scaMode']>('headless');
  const [timeout, setTimeoutSeconds] = useState(300);
  const [ca, setCa] = useState('');
  const [allows, setAllows] = useState({
    createSandboxData: true,
    resetSandbox: true,
    deletePayments: true,
  });

  function formInput(): ProfileFormInput {
    const caPaths = pathsOf(ca);
    const tlsClient = credentialOf(tls);
    const aispOnlySigning = credentialOf(aisp);
    const psus = psusOf(privatePsus, corporatePsus);
    const fields = {
      name: optional(text.name),
      bankSigningCert: optional(text.bankSigningCert),
      bankCa: optional(text.bankCa),
      adminUrl: optional(text.adminUrl),
      adminToken: optional(text.adminToken),
    };
    return {
      baseUrl: text.baseUrl.trim(),
      mode,
      // An empty signing credential is sent as files with blank paths: main names what is missing.
      signing: credentialOf(signing) ?? { certificate: ' ', key: ' ' },
      ...(tlsClient ? { tlsClient } : {}),
      ...(aispOnlySigning ? { aispOnlySigning } : {}),
      ...(psus ? { psus } : {}),
      scaMode,
      ...(scaMode === 'manual' ? { manualTimeoutSeconds: timeout } : {}),
      ...(caPaths.length > 0 ? { ca: caPaths } : {}),
      allows,
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    };
  }

  return {
    path,
    setPath,
    text,
    setText,
    signing,
    setSigning,
    tls,
    setTls,
    aisp,
    setAisp,
    privatePsus,
    setPrivatePsus,
    corporatePsus,
    setCorporatePsus,
    mode,
    setMode,
    scaMode,
    setScaMode,
    timeout,
    setTimeoutSeconds,
    ca,
    setCa,
    allows,
    setAllows,
    formInput,
  };
}
