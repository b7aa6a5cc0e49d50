/**
 * The run's own identity, checked before the first check. The QSealC signs every request (§5.2)
 * and the QWAC opens every mTLS connection (§5.1): one that is expired, not yet valid, or paired
 * with another certificate's key makes the bank refuse everything, and a run would report the
 * bank as failing its rules. So such a run is refused before anything is sent, with the cause on
 * one line and the remedy on the next, as `workbench doctor` words them.
 */
import { namedCredentials } from './credentials.js';
import { ownKeyFix, spki } from './checks/key-matches-certificate.js';
import { RENEW_CERTIFICATE_FIX } from './checks/certificate-validity.js';
import type { LoadedTargetProfile } from '../target-profile/index.js';

/** Why a run against a profile does not start: its own certificates cannot be used. */
export class OwnIdentityRefused extends Error {
  override readonly name = 'OwnIdentityRefused';
  constructor(
    readonly problem: string,
    readonly remedy: string,
  ) {
    super(`${problem}\n${remedy}`);
  }
}

/** Throws OwnIdentityRefused when a certificate the run signs or connects with cannot be used. */
export function checkOwnIdentity(loaded: LoadedTargetProfile, now: Date = new Date()): void {
  const problems: string[] = [];
  const remedies = new Set<string>();
  for (const c of namedCredentials(loaded)) {
    const what = `the ${c.name} (${loaded.source} ${c.at})`;
    const notBefore = new Date(c.certificate.validFrom);
    const notAfter = new Date(c.certificate.validTo);
    const dated =
      now > notAfter
        ? `${what} expired at ${notAfter.toISOString()} (notAfter)`
        : now < notBefore
          ? `${what} is not valid before ${notBefore.toISOString()} (notBefore)`
          : undefined;
    if (dated) {
      problems.push(dated);
      remedies.add(RENEW_CERTIFICATE_FIX);
    }
    if (!spki(c.credential.key).equals(spki(c.certificate.publicKey))) {
      problems.push(`${what}: the key given with it is not the certificate's`);
      remedies.add(ownKeyFix(c));
    }
  }
  if (problems.length === 0) return;
  throw new OwnIdentityRefused(
    `the run's own identity cannot be used, so no check was run (the bank would refuse every request): ${problems.join('; ')}`,
    `fix: ${[...remedies].join('; ')}; 'workbench doctor' checks the profile`,
  );
}
