/**
 * `bank-clock`: the clock of a workbench bank (its admin API) against real time and against the
 * profile's certificates. A run moves the bank clock only for the checks that need it and puts it
 * back; a clock left far ahead (an older workbench, a person at the console) makes consents expire
 * at once, and a production bank judges certificates by its own clock (§5.1, §5.2.2): past a
 * QSealC's notAfter it refuses every signed request. More than a minute off real time, or outside
 * a certificate's validity, is a WARN with how to set it back.
 */
import { namedCredentials } from '../credentials.js';
import { line, type DoctorCheck } from '../types.js';
import { readAdminClock } from './admin-clock.js';
import { BANK_CLOCK_PREFLIGHT_MS, clockOffsetText } from '../../targets/bank-clock-preflight.js';

/** How far the bank clock may be from real time before the doctor says so (as a run does). */
export const BANK_CLOCK_DRIFT_WARN_MS = BANK_CLOCK_PREFLIGHT_MS;

export const bankClockCheck: DoctorCheck = {
  id: 'bank-clock',
  title: 'the bank clock is at real time, within the certificates',
  async run(context) {
    const reading = await readAdminClock(context);
    if (reading.kind === 'none')
      return line(bankClockCheck, 'SKIP', 'the profile names no admin API');
    if (reading.kind !== 'answered' || reading.status !== 200 || !reading.now)
      return line(
        bankClockCheck,
        'SKIP',
        'the admin API did not tell the bank clock (see admin-api)',
      );
    const bank = reading.now;
    const drift = bank.getTime() - context.now().getTime();
    const problems: string[] = [];
    if (Math.abs(drift) > BANK_CLOCK_DRIFT_WARN_MS) problems.push(clockOffsetText(drift));
    for (const credential of namedCredentials(context.loaded)) {
      const { validFrom, validTo } = credential.certificate;
      if (bank < new Date(validFrom))
        problems.push(
          `before the ${credential.name}'s notBefore ${new Date(validFrom).toISOString()}`,
        );
      else if (bank > new Date(validTo))
        problems.push(
          `past the ${credential.name}'s notAfter ${new Date(validTo).toISOString()}: the bank refuses it`,
        );
    }
    const detail = `bank clock ${bank.toISOString()} (GET ${reading.url})`;
    if (problems.length === 0)
      return line(bankClockCheck, 'PASS', `${detail}: ${clockOffsetText(drift)}`);
    return line(
      bankClockCheck,
      'WARN',
      `${detail}: ${problems.join('; ')}`,
      `set it back to real time: POST ${reading.url} with {"set":"<now, ISO 8601>"} and the admin token (docs/ci.md "Admin API"), or the bank console's "Now"`,
    );
  },
};
