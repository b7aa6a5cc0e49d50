/**
 * `clock-skew`: this machine's clock against the bank's Date header (RFC 9110 §6.6.1). The
 * signed requests carry the TPP's time (§5.2: date is a signed header when sent), certificates
 * are checked against the bank's clock, and consents and SCA sessions expire on it (§5.3: one
 * hour), so a skewed clock makes checks fail at their edges: over 5 s WARN, over 60 s FAIL.
 * The Date header has one-second resolution; the skew is taken against the middle of the
 * exchange, so the probe's own latency does not count.
 */
import { line, type DoctorCheck } from '../types.js';

export const CLOCK_SKEW_WARN_MS = 5_000;
export const CLOCK_SKEW_FAIL_MS = 60_000;

const seconds = (ms: number) => `${ms >= 0 ? '+' : '-'}${(Math.abs(ms) / 1000).toFixed(1)} s`;

export const clockSkewCheck: DoctorCheck = {
  id: 'clock-skew',
  title: "this machine's clock agrees with the bank's",
  async run({ probes }) {
    const { exchange, sentAt, receivedAt } = await probes.reachability();
    if (!exchange.response)
      return line(clockSkewCheck, 'SKIP', 'the bank did not answer (see reachable)');
    const date = exchange.response.headers['date'];
    const bankTime = date === undefined ? NaN : Date.parse(date);
    if (Number.isNaN(bankTime))
      return line(
        clockSkewCheck,
        'SKIP',
        date === undefined
          ? 'the bank sent no Date header: the skew cannot be measured'
          : `the bank's Date header '${date}' is not an HTTP date`,
      );
    const local = (sentAt.getTime() + receivedAt.getTime()) / 2;
    const skew = bankTime - local;
    const detail = `bank clock ${new Date(bankTime).toISOString()} (Date: ${date}), this machine ${new Date(local).toISOString()}: skew ${seconds(skew)} (bank minus local)`;
    const fix =
      'synchronise this machine with NTP (timedatectl set-ntp true, or the OS time settings); if the bank is off, report it to the bank';
    if (Math.abs(skew) > CLOCK_SKEW_FAIL_MS) return line(clockSkewCheck, 'FAIL', detail, fix);
    if (Math.abs(skew) > CLOCK_SKEW_WARN_MS) return line(clockSkewCheck, 'WARN', detail, fix);
    return line(clockSkewCheck, 'PASS', detail);
  },
};
