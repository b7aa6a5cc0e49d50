/**
 * A CA, QSealC and QWAC, the TPP registered, and both embedded targets set to use them: what a
 * service test needs before the signing client can send, through the test's own call function.
 */
import type { CallName, KeystoreEntryView } from '../../main/api/contract';

export async function tppReadyThrough(
  ok: <T>(name: CallName, args: unknown) => Promise<T>,
): Promise<{ qsealc: KeystoreEntryView; qwac: KeystoreEntryView }> {
  const ca = await ok<KeystoreEntryView>('certs.createCa', {
    commonName: 'Test CA',
    organizationName: 'Workbench',
    countryName: 'NO',
  });
  const subject = {
    issuerHandle: ca.handle,
    commonName: 'Test TPP',
    organizationName: 'Test TPP AS',
    countryName: 'NO',
    organizationIdentifier: 'PSDNO-FSA-555',
    roles: ['PSP_AI', 'PSP_PI'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  };
  const qsealc = await ok<KeystoreEntryView>('certs.issue', { ...subject, kind: 'qsealc' });
  const qwac = await ok<KeystoreEntryView>('certs.issue', { ...subject, kind: 'qwac' });
  await ok('certs.registerInBank', { handle: qsealc.handle });
  for (const id of ['embedded-sandbox', 'embedded-production']) {
    await ok('targets.save', {
      target: {
        id,
        name: 'ignored for embedded targets',
        mode: 'sandbox',
        signingCertificate: qsealc.handle,
        transportCertificate: qwac.handle,
        defaultHeaders: { 'PSU-IP-Address': '192.0.2.7' },
      },
    });
  }
  return { qsealc, qwac };
}
