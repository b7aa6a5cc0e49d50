/**
 * The Targets screen's form as a target profile (docs/targets.md): pure, so what lands in the file
 * is tested without a disk. A secret never lands in it: a value typed where a secret goes (the
 * admin token, a PSU's password) becomes a `${env:WORKBENCH_PROFILE_…}` reference, and the value is handed back
 * separately, for the host to hold in memory for this launch and to tell the user which variable
 * to set (SECURITY.md: a profile used in the UI reads only WORKBENCH_PROFILE_*).
 */
import { CallRefused } from '../../dispatch.js';
import {
  PROFILE_SCHEMA_REFERENCE,
  TARGET_PROFILE_VERSION,
  type Credential,
  type TargetProfile,
} from '../../../core/runner/target-profile/index.js';
import type { CredentialInput, ProfileForm } from '../../contract/targets.js';
import { UI_ENV_PREFIX } from '../../../shared/env-policy.js';

export { UI_ENV_PREFIX };

/** A secret the form was given as a value: the variable the file names instead, and the value. */
export interface SecretToSet {
  variable: string;
  /** Where the profile names it, e.g. `/admin/token`. */
  at: string;
  value: string;
}

export interface WrittenProfile {
  profile: TargetProfile;
  /** The secrets typed as values: never in `profile`, each named there by `variable`. */
  secrets: SecretToSet[];
}

/** One `${env:NAME}` (or `${env:NAME:-default}`, env-secrets.ts) and nothing else. */
const ENV_REFERENCE = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}$/;

/** `WORKBENCH_PROFILE_<NAME>_<FIELD>`: the profile's name (or host) in capitals, then the field. */
export function secretVariableName(form: Pick<ProfileForm, 'name' | 'baseUrl'>, field: string) {
  let host = '';
  try {
    host = new URL(form.baseUrl.trim()).host;
  } catch {
    // A URL that does not parse is refused by the schema check; the name is only a suggestion.
  }
  const slug = (form.name?.trim() || host || 'TARGET')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return `${UI_ENV_PREFIX}${slug || 'TARGET'}_${field}`;
}

/**
 * The value a secret field writes: a `${env:NAME}` reference as given (refused when the UI could
 * not read NAME), else the reference to a new variable, the typed value going to `secrets`.
 */
function secretField(value: string, variable: string, at: string, secrets: SecretToSet[]): string {
  const reference = ENV_REFERENCE.exec(value);
  if (reference) {
    const name = reference[1]!;
    if (!name.startsWith(UI_ENV_PREFIX) || name.length === UI_ENV_PREFIX.length)
      throw new CallRefused(
        `${at}: \${env:${name}} cannot be read by a profile used in the workbench's UI; name a variable that begins with ${UI_ENV_PREFIX} (e.g. \${env:${variable}}).`,
      );
    return value;
  }
  if (value.includes('${'))
    throw new CallRefused(
      `${at}: write the secret itself or one reference \${env:${UI_ENV_PREFIX}NAME}, not '${value.replace(/[^$]{4,}/g, '…')}'.`,
    );
  secrets.push({ variable, at, value });
  return `\${env:${variable}}`;
}

function credential(input: CredentialInput, what: string): Credential {
  if ('keystore' in input) {
    const keystore = input.keystore.trim();
    if (!keystore) throw new CallRefused(`${what}: choose a keystore entry.`);
    return { keystore };
  }
  const certificate = input.certificate.trim();
  const key = input.key.trim();
  if (!certificate || !key)
    throw new CallRefused(`${what}: give the certificate file and its key file, or neither.`);
  return { certificate, key };
}

/** The profile the form describes, and the secrets typed into it (kept out of the profile). */
export function profileFromForm(form: ProfileForm): WrittenProfile {
  const trimmed = (value: string | undefined) => value?.trim() || undefined;
  const secrets: SecretToSet[] = [];
  const adminUrl = trimmed(form.adminUrl);
  const adminToken = trimmed(form.adminToken);
  if (Boolean(adminUrl) !== Boolean(adminToken))
    throw new CallRefused(
      `The admin API needs its URL and its token (the token itself, or \${env:${UI_ENV_PREFIX}NAME} to read it from the environment).`,
    );
  const ca = (form.ca ?? []).map((path) => path.trim()).filter(Boolean);
  const name = trimmed(form.name);
  const bankSigningCert = trimmed(form.bankSigningCert);
  const bankCa = trimmed(form.bankCa);
  const clientCertificate = form.tlsClient
    ? credential(form.tlsClient, 'The mTLS certificate (QWAC)')
    : undefined;
  const sca: TargetProfile['sca'] =
    form.scaMode === 'manual'
      ? {
          mode: 'manual',
          ...(form.manualTimeoutSeconds ? { timeoutSeconds: form.manualTimeoutSeconds } : {}),
        }
      : { mode: form.scaMode };
  /** A PSU's password as the file writes it: a reference, never the value (secretField). */
  const password = (login: string, value: string | undefined, at: string) => {
    const given = trimmed(value);
    if (!given) return {};
    const field = `PSU_${login.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_PASSWORD`;
    return {
      password: secretField(given, secretVariableName(form, field), `${at}/password`, secrets),
    };
  };
  const privatePsus = (form.psus?.private ?? [])
    .filter((p) => p.login.trim())
    .map((p, index) => ({
      login: p.login.trim(),
      ...(trimmed(p.name) ? { name: trimmed(p.name)! } : {}),
      ...password(p.login.trim(), p.password, `/psus/private/${index}`),
    }));
  const corporate = (form.psus?.corporate ?? [])
    .filter((p) => p.login.trim())
    .map((p, index) => ({
      login: p.login.trim(),
      ...(trimmed(p.name) ? { name: trimmed(p.name)! } : {}),
      ...password(p.login.trim(), p.password, `/psus/corporate/${index}`),
      agreement: { name: p.agreement.trim() },
    }));
  if (corporate.length > 0 && privatePsus.length === 0)
    throw new CallRefused(
      'A profile that names corporate PSUs names at least one private PSU too (the profile schema asks for one).',
    );
  const profile: TargetProfile = {
    $schema: PROFILE_SCHEMA_REFERENCE,
    profileVersion: TARGET_PROFILE_VERSION,
    ...(name ? { name } : {}),
    baseUrl: form.baseUrl.trim().replace(/\/+$/, ''),
    mode: form.mode,
    signing: credential(form.signing, 'The signing certificate (QSealC)'),
    ...(clientCertificate || ca.length > 0
      ? {
          tls: {
            ...(clientCertificate ? { clientCertificate } : {}),
            ...(ca.length > 0 ? { ca } : {}),
          },
        }
      : {}),
    ...(bankSigningCert ? { bankSigningCert } : {}),
    ...(bankCa ? { bankCa } : {}),
    ...(form.aispOnlySigning
      ? { aispOnlyTpp: { signing: credential(form.aispOnlySigning, 'The AISP-only TPP') } }
      : {}),
    ...(privatePsus.length > 0
      ? {
          psus: {
            private: privatePsus,
            ...(corporate.length > 0 ? { corporate } : {}),
          },
        }
      : {}),
    sca,
    ...(form.allows ? { allows: { ...form.allows } } : {}),
    ...(adminUrl && adminToken
      ? {
          admin: {
            url: adminUrl,
            token: secretField(
              adminToken,
              secretVariableName(form, 'ADMIN_TOKEN'),
              '/admin/token',
              secrets,
            ),
          },
        }
      : {}),
  };
  return { profile, secrets };
}
