/**
 * §5.1 "All traffic uses TLS 1.2 or higher": the check offers the target's TLS port only TLS 1.0,
 * then only TLS 1.1, and expects both refused; a handshake offering TLS 1.2 or newer is the
 * positive control (without it, a refusal proves nothing: a port that refuses everything).
 */
import type { Check, TlsVersion } from '../../main/core/runner/check-api/index.js';
import { generalCheck } from './check.js';

const OLD_VERSIONS: readonly TlsVersion[] = ['TLSv1', 'TLSv1.1'];

export const tlsVersionChecks: Check[] = [
  generalCheck({
    id: 'GEN-TLS-OLD-VERSIONS-REFUSED',
    title: 'The bank refuses TLS 1.0 and 1.1 and speaks TLS 1.2 or newer',
    rules: ['GEN-TLS-1-2'],
    needs: ['https'],
    async run(ctx) {
      // The runner SKIPS the check before it runs when the target speaks plain HTTP (needs).
      const tls = ctx.tls;
      if (!tls) return ctx.skip('the target is reached over plain HTTP');
      const current = await tls.handshake({ min: 'TLSv1.2' });
      if (!current.accepted)
        ctx.inconclusive(
          `a handshake offering TLS 1.2 or newer with ${tls.endpoint} was refused (${current.error}), so a refusal of older versions would prove nothing`,
        );
      for (const version of OLD_VERSIONS) {
        const old = await tls.handshake({ min: version, max: version });
        ctx.expect.equal(
          old.accepted ? `accepted (${old.protocol})` : 'refused',
          'refused',
          `a handshake offering only ${version} (§5.1: TLS 1.2 or higher)`,
        );
      }
    },
  }),
];
