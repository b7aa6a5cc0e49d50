/**
 * `mode`: the profile's mode against what the bank answers on /v1/sandbox/
 * (targets/target-mode.ts: a production bank answers 404 there, §4.3). A mismatch FAILs: sandbox checks against a
 * production bank create nothing and fail, production checks against a sandbox miss its rules.
 * An answer that tells neither (a gateway refusing every request, say) is a WARN.
 */
import { line, type DoctorCheck } from '../types.js';

export const modeCheck: DoctorCheck = {
  id: 'mode',
  title: "the bank runs in the profile's mode",
  async run({ probes, loaded }) {
    // No answer at all is the reachable line's to explain; the mode cannot be told without one.
    if (!(await probes.reachability()).exchange.response)
      return line(modeCheck, 'SKIP', 'the bank did not answer (see reachable)');
    const verification = await probes.mode();
    const mode = loaded.profile.mode;
    if (verification.verdict === 'match') return line(modeCheck, 'PASS', verification.detail);
    if (verification.verdict === 'mismatch')
      return line(modeCheck, 'FAIL', verification.detail, verification.fix);
    return line(
      modeCheck,
      'WARN',
      verification.detail,
      verification.fix ?? `make sure the bank runs in ${mode} mode`,
    );
  },
};
