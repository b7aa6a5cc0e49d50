/**
 * `runDoctor`: every pre-flight check of a loaded target profile, in the order a run would trip
 * over them — the certificates first (offline), then the connection (TLS, reachability, mode,
 * clock), then the extras (SCA redirect listener, admin API). Each check is its own module under
 * checks/; a check that throws becomes a FAIL line, so the report is always complete.
 * `doctorTargetFile` reads the profile first: a profile that does not read is one FAIL line
 * naming the JSON path, and the rest SKIP.
 */
import {
  readTargetProfile,
  TargetProfileError,
  type LoadedTargetProfile,
  type ReadProfileOptions,
} from '../target-profile/index.js';
import { adminApiCheck } from './checks/admin-api.js';
import { bankClockCheck } from './checks/bank-clock.js';
import { certificateChainCheck } from './checks/certificate-chain.js';
import { certificateValidityCheck } from './checks/certificate-validity.js';
import { clockSkewCheck } from './checks/clock-skew.js';
import { keyIdCheck } from './checks/key-id.js';
import { keyMatchesCertificateCheck } from './checks/key-matches-certificate.js';
import { modeCheck } from './checks/mode.js';
import { profileCheck, profileErrorLine, profileReadLine } from './checks/profile.js';
import { psd2RolesCheck } from './checks/psd2-roles.js';
import { reachableCheck } from './checks/reachable.js';
import { responseSignerCheck } from './checks/response-signer.js';
import { psuBrowserCheck } from './checks/psu-browser.js';
import { redirectListenerCheck } from './checks/redirect-listener.js';
import { tlsCheck } from './checks/tls.js';
import { createProbes } from './probes.js';
import { redactSecretValues, runSecrets } from '../targets/run-secrets.js';
import {
  line,
  summariseDoctor,
  type DoctorCheck,
  type DoctorContext,
  type DoctorLine,
  type DoctorOptions,
  type DoctorReport,
} from './types.js';

/** The checks after `profile`, in the order they run and print. */
export const DOCTOR_CHECKS: readonly DoctorCheck[] = [
  keyMatchesCertificateCheck,
  certificateChainCheck,
  certificateValidityCheck,
  psd2RolesCheck,
  keyIdCheck,
  tlsCheck,
  reachableCheck,
  modeCheck,
  clockSkewCheck,
  responseSignerCheck,
  redirectListenerCheck,
  psuBrowserCheck,
  adminApiCheck,
  bankClockCheck,
];

/** Every check id, `profile` first: the reference the CLI usage text lists. */
export const DOCTOR_CHECK_IDS: readonly string[] = [
  profileCheck.id,
  ...DOCTOR_CHECKS.map((check) => check.id),
];

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_EXPIRY_WARNING_DAYS = 30;

function report(
  source: string,
  lines: DoctorLine[],
  startedAt: Date,
  loaded?: LoadedTargetProfile,
): DoctorReport {
  const summary = summariseDoctor(lines);
  return {
    profile: source,
    ...(loaded ? { baseUrl: loaded.profile.baseUrl, mode: loaded.profile.mode } : {}),
    startedAt: startedAt.toISOString(),
    lines,
    summary,
    ok: summary.fail === 0,
  };
}

export async function runDoctor(
  loaded: LoadedTargetProfile,
  options: DoctorOptions = {},
): Promise<DoctorReport> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const timeoutMs =
    options.timeoutMs ??
    (loaded.profile.requestTimeoutSeconds !== undefined
      ? Math.round(loaded.profile.requestTimeoutSeconds * 1000)
      : DEFAULT_TIMEOUT_MS);
  const probes = createProbes(loaded, { timeoutMs, now });
  const context: DoctorContext = {
    loaded,
    now,
    timeoutMs,
    expiryWarningDays: options.expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS,
    probes,
  };
  const lines: DoctorLine[] = [profileReadLine(loaded)];
  try {
    for (const check of DOCTOR_CHECKS) {
      try {
        lines.push(await check.run(context));
      } catch (error) {
        lines.push(
          line(
            check,
            'FAIL',
            `the check could not complete: ${(error as Error).message ?? String(error)}`,
            'this is an error of the doctor rather than of the profile: report it with the profile (secrets removed)',
          ),
        );
      }
    }
  } finally {
    await probes.close();
  }
  // A line may quote what the bank answered or a URL: the profile's secrets stay out of it.
  return redactSecretValues(report(loaded.source, lines, startedAt, loaded), runSecrets(loaded));
}

/** Reads the profile at `file` and runs the doctor; a profile that does not read is a report too. */
export async function doctorTargetFile(
  file: string,
  options: DoctorOptions & ReadProfileOptions = {},
): Promise<DoctorReport> {
  const startedAt = (options.now ?? (() => new Date()))();
  let loaded: LoadedTargetProfile;
  try {
    loaded = await readTargetProfile(file, {
      ...(options.env ? { env: options.env } : {}),
      ...(options.envPolicy ? { envPolicy: options.envPolicy } : {}),
      ...(options.keystore ? { keystore: options.keystore } : {}),
    });
  } catch (error) {
    if (!(error instanceof TargetProfileError)) throw error;
    return report(
      file,
      [
        profileErrorLine(error),
        ...DOCTOR_CHECKS.map((check) => line(check, 'SKIP', 'the profile does not read')),
      ],
      startedAt,
    );
  }
  return runDoctor(loaded, options);
}
