/**
 * One click in the UI: the TPP of a certificate is registered in both embedded banks for the
 * roles its QCStatement grants, and the production bank trusts its CA chain.
 */
import {
  psd2RoleOfOid,
  toPem,
  type Keystore,
  type KeystoreEntry,
} from '../../../core/certs/index.js';
import { TPP_ROLE_BY_CERTIFICATE_ROLE, type TppRole } from '../../../core/spec/enums.js';
import { CallRefused } from '../../dispatch.js';
import type { BankRegistrationView } from '../../contract/index.js';
import type { BankService } from '../bank/bank-service.js';
import { BANK_MODES } from '../../../shared/mode.js';

export function registerInBanks(
  keystore: Keystore,
  entry: KeystoreEntry,
  banks: BankService,
): BankRegistrationView {
  const certificate = entry.certificates[0];
  if (!certificate) throw new CallRefused(`'${entry.label}' has no certificate.`);
  const organizationIdentifier = certificate.organizationIdentifier;
  if (!organizationIdentifier) {
    throw new CallRefused(
      `'${entry.label}' has no organizationIdentifier (2.5.4.97) in its subject: the bank ` +
        'registers TPPs by it. Issue a certificate with one.',
    );
  }
  const roles = [
    ...new Set(
      (certificate.psd2?.roles ?? [])
        .map((role) => psd2RoleOfOid(role.oid))
        .map((role) => (role ? TPP_ROLE_BY_CERTIFICATE_ROLE[role] : null))
        .filter((role): role is TppRole => role !== null),
    ),
  ].sort();
  if (roles.length === 0) {
    throw new CallRefused(
      `'${entry.label}' grants neither AISP nor PISP: its PSD2 QCStatement must name PSP_AI or ` +
        'PSP_PI. Issue a certificate with those roles.',
    );
  }
  const chainPem = caChainPem(keystore, entry);
  const name = certificate.organizationName ?? certificate.commonName ?? organizationIdentifier;
  for (const mode of BANK_MODES) {
    banks.bank(mode).registry.add({ organizationIdentifier, name, roles });
  }
  banks.bank('production').trustStore.add(chainPem);
  return {
    organizationIdentifier,
    name,
    roles,
    registries: {
      sandbox: banks.registry('sandbox'),
      production: banks.registry('production'),
    },
    trustAnchors: banks.trustAnchors('production'),
  };
}

/** The CA certificates above an entry: its own chain, else a CA entry of the keystore that issued it. */
function caChainPem(keystore: Keystore, entry: KeystoreEntry): string {
  const own = keystore.certificatesFor(entry.handle);
  const chain = own.slice(1);
  if (chain.length === 0) {
    const issuer = entry.certificates[0]!.issuer;
    const ca = keystore
      .list()
      .find(
        (candidate) =>
          candidate.certificates[0]?.isCa && candidate.certificates[0].subject === issuer,
      );
    if (!ca) {
      throw new CallRefused(
        `The CA that issued '${entry.label}' (${issuer}) is not in the keystore, so the ` +
          'production bank cannot be told to trust it. Import the CA certificate, then register again.',
      );
    }
    chain.push(...keystore.certificatesFor(ca.handle));
  }
  return chain.map((der) => toPem(der)).join('');
}
