/**
 * `workbench doctor --target-file FILE [--json]`: the pre-flight checks of a target profile
 * (main/core/runner/doctor), one line per check and a summary, so a configuration error is found
 * before a run rather than as failures after it. Exit 0 without a FAIL, 1 with one, 2 for a bad
 * command line.
 */
import {
  doctorTargetFile,
  type DoctorLine,
  type DoctorReport,
} from '../../core/runner/doctor/index.js';
import { UsageError, type CliIo } from './io.js';
import { cliKeystoreCredentials } from './keystore-credentials.js';
import { parseFlags } from './parse.js';
import type { CliCommand } from './command.js';

const usage = `Usage: workbench doctor --target-file FILE [--json]

Checks a target profile (written by 'workbench target init') before a run, and prints one line
per check — PASS, FAIL (with the fix), WARN or SKIP — and a summary. --json prints the report
as JSON instead. Secrets named as \${env:NAME} come from the environment, as in a run.
  profile                  the profile reads: schema, \${env:NAME} secrets, the files it names
                           (a FAIL names the JSON path; the other checks then SKIP)
  key-matches-certificate  each key is its certificate's (QSealC, QWAC, AISP-only QSealC); a
                           mismatch names the certificate the key belongs to
  certificate-chain        each certificate chains to a CA in tls.ca (intermediates may follow
                           it in its PEM); a FAIL names the issuer no CA vouches for
  certificate-validity     all certificates within their dates; FAIL when expired or not yet
                           valid (notAfter/notBefore), WARN within 30 days of expiry
  psd2-roles               the QCStatement roles: PSP_AI for AIS checks, PSP_PI for PIS checks
                           (QSealC and QWAC both; the AISP-only QSealC PSP_AI)
  key-id                   the keyId the client sends (SN=<upper-case hex serial>,CA=<issuer,
                           RFC 2253>, §5.2.3), read back by the bank's reader and printed
  tls                      https only: negotiated protocol (TLS 1.2 or higher, §5.1), the server
                           certificate, and by name: untrusted server certificate (add its CA to
                           tls.ca), hostname mismatch, client certificate refused
  reachable                a signed GET /v1/accounts with an unknown Consent-ID gets an answer;
                           a FAIL names the cause (connection refused, unknown host, timeout)
  mode                     the profile's mode against the bank: a production bank answers 404
                           on /v1/sandbox/customers, a sandbox lists its customers
  clock-skew               this machine against the bank's Date header: over 5 s WARN, over
                           60 s FAIL (synchronise with NTP)
  response-signer          §5.2.7: a bank that signs its answers while the profile pins no
                           signer (bankSigningCert, bankCa) is a WARN; a signature the pinned
                           signer did not make is a FAIL
  redirect-listener        sca.mode manual: the loopback listener can bind sca.listenPort
  psu-browser              sca.mode browser: Chromium starts through playwright-core
  admin-api                admin given: GET {admin.url}/clock with the token (401: token refused)
  bank-clock               admin given: the bank clock more than a minute from real time, or
                           outside a certificate's validity, is a WARN (how to set it back)
Exit codes:
  0  no check FAILED (WARN and SKIP do not fail)
  1  a check FAILED, or the profile does not read
  2  a bad command line`;

const STATUS_WIDTH = 4;

function printLine(io: CliIo, entry: DoctorLine): void {
  io.out(`${entry.status.padEnd(STATUS_WIDTH)}  ${entry.id}  ${entry.detail}`);
  if (entry.fix && entry.status !== 'PASS' && entry.status !== 'SKIP')
    io.out(`${' '.repeat(STATUS_WIDTH + 2)}fix: ${entry.fix}`);
}

function printReport(io: CliIo, report: DoctorReport): void {
  io.out(
    `workbench doctor: ${report.profile}${report.baseUrl ? ` (${report.mode} bank at ${report.baseUrl})` : ''}`,
  );
  for (const entry of report.lines) printLine(io, entry);
  const { pass, fail, warn, skip } = report.summary;
  io.out(
    `${report.lines.length} checks: ${pass} passed, ${fail} failed, ${warn} warned, ${skip} skipped${
      report.ok ? '' : ' — fix the FAIL lines before a run'
    }`,
  );
}

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary:
    'Check a target profile before a run: certificates, keyId, TLS, reachability, mode, clock.',
  usage,
  async run(argv, io) {
    const { values } = parseFlags(argv, {
      'target-file': { type: 'string' },
      json: { type: 'boolean' },
    });
    const file = values['target-file'];
    if (!file)
      throw new UsageError(
        "--target-file FILE is required: the profile to check ('workbench target init' writes one)",
      );
    const report = await doctorTargetFile(file, { keystore: cliKeystoreCredentials() });
    if (values.json) io.out(JSON.stringify(report, null, 2));
    else printReport(io, report);
    return report.ok ? 0 : 1;
  },
};
