/**
 * `psd2-roles`: the PSD2 QCStatement (ETSI TS 119 495) of each certificate carries the roles the
 * suites will use it for. The bank reads the role from the certificate and refuses a route the
 * TPP holds no role for (403): account information needs PSP_AI, payment initiation PSP_PI. The
 * QSealC signs every check, and over mTLS a production bank checks the QWAC's roles too, so both
 * need both; the AISP-only TPP needs PSP_AI (its bank registration, not its certificate, is
 * what keeps it from payments).
 */
import { describeCertificate, psd2RoleOfOid, type Psd2Role } from '../../../certs/index.js';
import { namedCredentials } from '../credentials.js';
import { line, type DoctorCheck } from '../types.js';

/** Which checks need which role (suite areas of suites/). */
export const ROLE_NEEDED_BY: Readonly<Record<'PSP_AI' | 'PSP_PI', string>> = {
  PSP_AI: 'AIS checks (consent, account-transactions, card-transactions) need PSP_AI',
  PSP_PI: 'PIS checks (payments, baskets) need PSP_PI',
};

/**
 * The roles as the certificate carries them. The AISP-only TPP's certificate may well hold PSP_PI
 * too (`workbench certs create` gives both TPPs the same roles): what keeps it from payments is
 * the bank's registration, so its line says which role the suites use it for.
 */
function rolesText(name: string, roles: readonly Psd2Role[]): string {
  const carried = `certificate roles ${roles.join(', ')}`;
  if (name !== 'AISP-only QSealC') return carried;
  return roles.includes('PSP_PI')
    ? `${carried}; used for PSP_AI only (AISP only by the bank's registration, not by its certificate)`
    : `${carried}; used for PSP_AI only`;
}

export const psd2RolesCheck: DoctorCheck = {
  id: 'psd2-roles',
  title: 'QCStatement roles cover the suites',
  run({ loaded }) {
    const problems: string[] = [];
    const seen: string[] = [];
    for (const c of namedCredentials(loaded)) {
      const required: ('PSP_AI' | 'PSP_PI')[] =
        c.name === 'AISP-only QSealC' ? ['PSP_AI'] : ['PSP_AI', 'PSP_PI'];
      const description = describeCertificate(c.certificate);
      const malformed = description.warnings.find((w) => w.code === 'malformed-qcstatements');
      if (malformed || !description.psd2) {
        problems.push(
          `${c.at}: the ${c.name} has ${malformed ? `a malformed QCStatements extension (${malformed.text})` : 'no PSD2 QCStatement (0.4.0.19495.2)'}, so it carries no role: ${required.map((r) => ROLE_NEEDED_BY[r]).join('; ')}`,
        );
        continue;
      }
      const roles = description.psd2.roles
        .map((role) => psd2RoleOfOid(role.oid))
        .filter((role): role is Psd2Role => role !== undefined);
      const missing = required.filter((role) => !roles.includes(role));
      if (missing.length > 0)
        problems.push(
          `${c.at}: the ${c.name} has roles ${roles.join(', ') || 'none'} but not ${missing.join(' or ')}: ${missing.map((r) => ROLE_NEEDED_BY[r]).join('; ')}`,
        );
      else seen.push(`${c.name}: ${rolesText(c.name, roles)}`);
    }
    if (problems.length > 0)
      return line(
        psd2RolesCheck,
        'FAIL',
        problems.join('; '),
        'use a certificate whose PSD2 QCStatement holds the missing role (ask the QTSP for it, or workbench certs create --roles PSP_AI,PSP_PI for a test TPP); without it those checks fail with 403',
      );
    return line(psd2RolesCheck, 'PASS', seen.join('; '));
  },
};
