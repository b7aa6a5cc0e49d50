/**
 * `redirect-listener`: with manual SCA (§5.3) the bank redirects the PSU's browser to a loopback
 * listener (main/core/tpp/redirect-listener.ts); the run fails at the first SCA when its port is
 * taken. The check starts the same listener on the profile's sca.listenPort (0: any free port)
 * and closes it again. Other SCA modes need no listener and are SKIPPED.
 */
import { startRedirectListener } from '../../../tpp/redirect-listener.js';
import { line, type DoctorCheck } from '../types.js';

export const redirectListenerCheck: DoctorCheck = {
  id: 'redirect-listener',
  title: 'the SCA redirect listener can listen',
  async run({ loaded }) {
    const sca = loaded.profile.sca;
    if (sca?.mode !== 'manual')
      return line(
        redirectListenerCheck,
        'SKIP',
        `sca.mode is ${sca?.mode ?? 'not set'}: no loopback listener for a manual SCA redirect`,
      );
    const port = sca.listenPort ?? 0;
    try {
      const listener = await startRedirectListener({ port });
      await listener.close();
      return line(
        redirectListenerCheck,
        'PASS',
        `listened at ${listener.redirectUri}${port === 0 ? ' (any free port: the run picks its own)' : ''}`,
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return line(
        redirectListenerCheck,
        'FAIL',
        code === 'EADDRINUSE'
          ? `port ${port} on 127.0.0.1 is in use: the SCA redirect cannot arrive (/sca/listenPort)`
          : `cannot listen on 127.0.0.1:${port}: ${(error as Error).message} (/sca/listenPort)`,
        code === 'EADDRINUSE'
          ? `stop what listens on port ${port}, or set sca.listenPort to a free port (0: any) and the matching redirectUri`
          : 'choose another sca.listenPort (above 1023 without privileges; 0: any free port)',
      );
    }
  },
};
