/**
 * `psu-browser`: with browser SCA (§5.3) the PSU steps run in Chromium through playwright-core,
 * an optional peer of the package. The check launches the browser the run would launch and closes
 * it again, so a missing package or Chromium shows here, not as every SCA check failing.
 */
import { launchPsuBrowser } from '../../../tpp/psu-browser/browser-agent.js';
import { line, type DoctorCheck } from '../types.js';

export const psuBrowserCheck: DoctorCheck = {
  id: 'psu-browser',
  title: 'the PSU browser starts',
  async run({ loaded }) {
    const sca = loaded.profile.sca;
    if (sca?.mode !== 'browser')
      return line(psuBrowserCheck, 'SKIP', `sca.mode is ${sca?.mode ?? 'not set'}: no browser`);
    try {
      const browser = await launchPsuBrowser(
        sca.executablePath ? { executablePath: sca.executablePath } : {},
      );
      const version = browser.version();
      await browser.close();
      return line(psuBrowserCheck, 'PASS', `Chromium ${version} started and closed`);
    } catch (error) {
      return line(
        psuBrowserCheck,
        'FAIL',
        `the browser for SCA does not start: ${(error as Error).message.split('\n')[0]} (/sca)`,
        'install playwright-core beside the workbench and Chromium (Debian: apt-get install chromium), set sca.executablePath, or choose sca.mode headless',
      );
    }
  },
};
