/**
 * `response-signer`: §5.2.7, the bank may sign its answers and the TPP should verify them. A
 * signature proves the bank's word only against a signer the profile pins (bankSigningCert or
 * bankCa): without one, anyone between this machine and the bank can re-sign an answer with a
 * certificate of their own and it verifies as well. So a bank that signs the probe's answer while
 * the profile pins no signer is a WARN (a run then ends SIGN-RESPONSE-SIGNATURE-VERIFIES WARNING),
 * and an answer the pinned signer did not make is a FAIL.
 */
import { line, type DoctorCheck } from '../types.js';

const PIN_FIX =
  "name the bank's response-signing certificate as bankSigningCert (or its CA as bankCa); for a workbench bank, start it with --response-cert-out FILE and run 'workbench target init --bank-json' again";

export const responseSignerCheck: DoctorCheck = {
  id: 'response-signer',
  title: "the bank's response signatures are judged by a pinned signer",
  async run({ probes }) {
    const { exchange } = await probes.reachability();
    if (!exchange.response)
      return line(responseSignerCheck, 'SKIP', 'the bank did not answer (see reachable)');
    const verdict = exchange.responseSignature;
    switch (verdict.status) {
      case 'absent':
        return line(
          responseSignerCheck,
          'SKIP',
          'the bank did not sign its answer to the probe (§5.2.7: it may)',
        );
      case 'valid':
        return line(
          responseSignerCheck,
          'PASS',
          `the answer is signed by the pinned signer ${verdict.signer}`,
        );
      case 'untrusted':
        return line(
          responseSignerCheck,
          'WARN',
          `the bank signs its answers, but the profile pins no signer: ${verdict.reason}`,
          PIN_FIX,
        );
      default:
        return line(
          responseSignerCheck,
          'FAIL',
          `the answer's signature is ${verdict.status}: ${verdict.reason}`,
          'pin the certificate the bank signs with (bankSigningCert, bankCa), or find out who re-signs its answers on the way',
        );
    }
  },
};
