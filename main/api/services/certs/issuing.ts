/** Test CAs, QWACs and QSealCs issued in main, their keys going straight into the keystore. */
import {
  createTestCa,
  issueQsealc,
  issueQwac,
  type Keystore,
  type KeystoreEntry,
} from '../../../core/certs/index.js';
import { CallRefused } from '../../dispatch.js';
import type { CallArgs } from '../../contract/index.js';

/** Reports one step of a long task (the UI's certs.progress). */
export type Progress = (step: number, text: string) => void;

export interface IssuingContext {
  keystore: Keystore;
  now(): Date;
  progress(task: string, total: number): Progress;
}

export async function createCa(
  args: CallArgs<'certs.createCa'>,
  { keystore, now, progress: startTask }: IssuingContext,
): Promise<KeystoreEntry> {
  const progress = startTask('Create a test CA', 3);
  progress(1, 'Generating the root and issuing CA keys (RSA 3072 and 2048 bits)');
  const subject = { organizationName: args.organizationName, countryName: args.countryName };
  const ca = await createTestCa({
    rootSubject: { ...subject, commonName: `${args.commonName} Root` },
    intermediateSubject: { ...subject, commonName: args.commonName },
    now: now(),
    validityDays: args.validityDays ?? 3650,
  });
  progress(2, 'Signing the CA certificates');
  const entry = await keystore.addKeyPair({
    label: args.label ?? args.commonName,
    privateKey: ca.intermediate.privateKey,
    certificates: [ca.intermediate.certificateDer, ca.root.certificateDer],
  });
  progress(3, 'Saved in the keystore');
  return entry;
}

/** A QWAC or QSealC signed by `issuer`, a CA entry of the keystore that holds its private key. */
export async function issueTppCertificate(
  args: CallArgs<'certs.issue'>,
  issuer: KeystoreEntry,
  { keystore, now, progress: startTask }: IssuingContext,
): Promise<KeystoreEntry> {
  if (!issuer.hasPrivateKey || !issuer.certificates[0]?.isCa) {
    throw new CallRefused(
      `'${issuer.label}' cannot issue certificates: choose a CA entry that holds its private key.`,
    );
  }
  const kindName = args.kind === 'qwac' ? 'QWAC' : 'QSealC';
  const progress = startTask(`Issue a ${kindName}`, 3);
  progress(1, 'Generating the key pair (RSA 2048 bits)');
  const chain = keystore.certificatesFor(issuer.handle);
  const options = {
    issuer: { certificateDer: chain[0]!, privateKey: keystore.privateKeyFor(issuer.handle) },
    subject: {
      commonName: args.commonName,
      organizationName: args.organizationName,
      countryName: args.countryName,
      organizationIdentifier: args.organizationIdentifier,
    },
    roles: args.roles,
    ncaName: args.ncaName,
    ncaId: args.ncaId,
    now: now(),
    validityDays: args.validityDays ?? 365,
    ...(args.dnsNames?.length ? { dnsNames: args.dnsNames } : {}),
  };
  const issued = await (args.kind === 'qwac' ? issueQwac(options) : issueQsealc(options));
  progress(2, `Signing the ${kindName} with '${issuer.label}'`);
  const entry = await keystore.addKeyPair({
    label: args.label ?? `${args.commonName} ${kindName}`,
    privateKey: issued.privateKey,
    certificates: [issued.certificateDer, ...chain],
  });
  progress(3, 'Saved in the keystore');
  return entry;
}
