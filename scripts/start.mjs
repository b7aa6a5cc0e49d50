#!/usr/bin/env node
// `npm start`: opens the desktop app, or says at once why it cannot and what works instead.
//
// Electron 45 has no install script: its binary is fetched on the first require('electron') or by
// `npx install-electron`, and electron-vite only reads node_modules/electron/path.txt, so on a
// fresh clone nothing fetches it. This script does it the supported way (electron's own
// install.js), but first checks in a few seconds that the download host answers at all, so an
// offline machine is told within seconds rather than after a long timeout. With the binary in
// place it builds once and launches it once.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What works without the Electron binary: the same UI in a browser tab, and the CLI. */
export const ALTERNATIVES = [
  'Without the desktop window, the same UI runs in a browser tab and the checks run from the CLI:',
  '  npm run web                      # serves the UI on 127.0.0.1; open the printed URL',
  '  npm run build && npx workbench --help',
  'Electron can be fetched later with `npx install-electron` (Node 22.12+), then `npm start` again.',
].join('\n');

/** The Electron executable named by path.txt, when it is there. */
export function electronExecutable(electronDir, env = process.env) {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const base = env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist');
  const executable = join(base, relative);
  return existsSync(executable) ? executable : undefined;
}

/** The host and port the binary is downloaded from (ELECTRON_MIRROR, else GitHub). */
export function downloadHost(env = process.env) {
  const mirror = env.ELECTRON_MIRROR || env.npm_config_electron_mirror;
  const url = new URL(mirror || 'https://github.com/');
  return {
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'http:' ? 80 : 443),
  };
}

/** Whether a TCP connection to `host:port` opens within `timeoutMs` (DNS included). */
export function reachable({ host, port }, timeoutMs) {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (result) => {
      socket.destroy();
      clearTimeout(timer);
      done(result);
    };
    const timer = setTimeout(() => finish(`no connection within ${timeoutMs / 1000} s`), timeoutMs);
    socket.once('connect', () => finish(true));
    socket.once('error', (error) => finish(error.code || error.message));
  });
}

/**
 * Runs `command args` with its output shown, in a process group of its own, and ends the group
 * when `timeoutMs` passes. Resolves with { code, timedOut }.
 */
export function run(command, args, { cwd, env = process.env, timeoutMs, stdio = 'inherit' }) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio, detached: timeoutMs !== undefined });
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // already gone
            }
          }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      done({ code: null, timedOut, error: error.message });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, timedOut });
    });
  });
}

/**
 * The whole of `npm start`, with every outside effect injectable for the test: `build()` and
 * `launch(executable)` resolve with an exit code; `fetch()` with { code, timedOut }.
 */
export async function start({
  electronDir = join(ROOT, 'node_modules', 'electron'),
  env = process.env,
  nodeVersion = process.versions.node,
  probeTimeoutMs = 8000,
  fetchTimeoutMs = 10 * 60_000,
  log = (text) => process.stderr.write(text + '\n'),
  probe = (host) => reachable(host, probeTimeoutMs),
  fetch = () =>
    run(process.execPath, [join(electronDir, 'install.js')], { timeoutMs: fetchTimeoutMs, env }),
  build = async () =>
    (
      await run(
        process.execPath,
        [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
        { cwd: ROOT, env },
      )
    ).code,
  launch = async (executable) => (await run(executable, [ROOT], { cwd: ROOT, env })).code,
} = {}) {
  const cannot = (what) => {
    log(`npm start: cannot open the desktop app: ${what}.\n${ALTERNATIVES}`);
    return 1;
  };
  let executable = electronExecutable(electronDir, env);
  if (!executable) {
    if (!existsSync(join(electronDir, 'install.js')))
      return cannot(`${electronDir} is not installed (run npm install first)`);
    const host = downloadHost(env);
    const proxied = Boolean(env.ELECTRON_GET_USE_PROXY || env.GLOBAL_AGENT_HTTPS_PROXY);
    // Said as it happens: first only a TCP check of the host (offline ends there, with nothing
    // fetched), then electron's install.js, which takes a zip it downloaded before from its cache.
    if (!proxied)
      log(
        `npm start: the Electron binary is not there yet; checking that its download host ${host.host}:${host.port} answers…`,
      );
    const answer = proxied ? true : await probe(host);
    if (answer !== true)
      return cannot(
        `the Electron binary is missing and its download host ${host.host}:${host.port} cannot be reached (${answer})`,
      );
    log(
      `npm start: installing the Electron binary with its install.js (npx install-electron): from its download cache, else from ${host.host}…`,
    );
    const fetched = await fetch();
    executable = electronExecutable(electronDir, env);
    if (!executable) {
      const why = fetched.timedOut
        ? `the download did not finish within ${fetchTimeoutMs / 1000} s`
        : `npx install-electron failed (exit ${fetched.code ?? fetched.error})`;
      const old =
        Number(nodeVersion.split('.')[0]) < 22 || /^22\.([0-9]|1[01])\./.test(nodeVersion);
      return cannot(
        `the Electron binary is missing and ${why}${old ? `; Electron's download tools need Node 22.12 or later, this is Node ${nodeVersion}` : ''}`,
      );
    }
  }
  const built = await build();
  if (built !== 0) {
    log(`npm start: the build failed (exit ${built}); see its output above.`);
    return built ?? 1;
  }
  return (await launch(executable)) ?? 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = await start();
