/** `workbench web`: the web host, the UI in a browser tab on loopback (also `npm run web`). */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServices } from '../../api/services/index.js';
import { terminalTokenConfirmer } from '../../api/services/certs/key-export-confirmation.js';
import { defaultDataDir } from '../../core/persistence/data-dir.js';
import { isLoopbackHost, startWebHost } from '../web/server.js';
import { startScaRecordRelay } from '../web/sca-record-proxy.js';
import { UsageError } from './io.js';
import { parseFlags, parsePort } from './parse.js';
import type { CliCommand } from './command.js';

const usage = `Usage: workbench web [--port N] [--host 127.0.0.1|::1|localhost] [--json]

Serves the workbench UI and its API on loopback. Open the printed URL: it carries a per-launch
token in its fragment; without it the page gets nothing.
  --port N   port to listen on (default 0: a free port)
  --host H   loopback address to bind (default 127.0.0.1)
  --json     print one JSON line {"url","origin"} instead of text (for scripts and tests)

Settings, targets, saved collections and the keystore live in $XDG_CONFIG_HOME/psd2-workbench
(default ~/.config/psd2-workbench). The UI asks for the keystore passphrase once per launch;
WORKBENCH_KEYSTORE_PASSPHRASE unlocks it at start instead (scripts, CI).`;

/** The renderer bundle sits beside the main bundle: out/main/*.js → out/renderer. */
export function defaultRendererDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../renderer');
}

export const webCommand: CliCommand = {
  name: 'web',
  summary: 'Serve the workbench UI on loopback for a browser tab.',
  usage,
  async run(argv, io) {
    const { values } = parseFlags(argv, {
      port: { type: 'string' },
      host: { type: 'string' },
      json: { type: 'boolean' },
    });
    const host = values.host ?? '127.0.0.1';
    if (!isLoopbackHost(host)) {
      throw new UsageError(
        `--host must be a loopback address (127.0.0.1, ::1, localhost), not '${host}'.`,
      );
    }
    const passphrase = process.env.WORKBENCH_KEYSTORE_PASSPHRASE;
    const services = createServices({
      kind: 'web',
      dataDir: defaultDataDir(),
      ...(passphrase ? { keystorePassphrase: passphrase } : {}),
      // A private key export is confirmed with a code printed here, where the page cannot read it.
      keyExportConfirmer: terminalTokenConfirmer((line) => io.err(line)),
      // The SCA popup records through a relay that adds the recorder to the bank's pages.
      relayScaPages: startScaRecordRelay,
    });
    const web = await startWebHost({
      services,
      rendererDir: defaultRendererDir(),
      host,
      port: parsePort(values.port, 0),
    });
    // Listen for a stop before printing the URL: whoever reads it may stop the host at once.
    const stopped = io.stopRequested();
    if (values.json) io.out(JSON.stringify({ url: web.launchUrl, origin: web.origin }));
    else io.out(`PSD2 Workbench web host: open ${web.launchUrl}\nPress Ctrl+C to stop.`);
    const signal = await stopped;
    await web.close();
    await services.dispose();
    if (!values.json) io.out(`Stopped (${signal}).`);
    return 0;
  },
};
