/**
 * Pre-flight before a run against a bank by URL: one TCP connect to its host and port. A bank
 * that is down refuses at once, and its checks end quickly with transport errors; but a host
 * whose packets are dropped (a firewall, a wrong address) answers nothing, and every check would
 * wait its own connect timeout before the run ends as "could not test" (minutes for a full run).
 * The probe only opens and closes a TCP connection: no byte of TLS or HTTP is sent, so the bank
 * sees no request it did not ask for (docs/ci.md, "Could not test").
 */
import { connect as netConnect, type Socket } from 'node:net';

/** The same as the client's connect timeout (main/core/tpp/transport.ts). */
export const PREFLIGHT_CONNECT_TIMEOUT_MS = 10_000;

/** The code of the TransportError every check of a silent target's run fails with. */
export const PREFLIGHT_SILENT = 'PREFLIGHT_SILENT';

export type ConnectProbe =
  /** Something answered at the TCP level: a connection, or a refusal, DNS or routing error. */
  | { silent: false; detail: string }
  /** Nothing answered within the timeout: the run would wait the same for every check. */
  | { silent: true; detail: string };

export interface ProbeOptions {
  timeoutMs?: number;
  /** Opens the connection (tests pass a socket that never connects). */
  connect?: (port: number, host: string) => Socket;
}

/** Host and port a base URL connects to (80 or 443 by default; IPv6 without brackets). */
export function endpointOf(baseUrl: string): { host: string; port: number } {
  const url = new URL(baseUrl);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

export function probeConnect(baseUrl: string, options: ProbeOptions = {}): Promise<ConnectProbe> {
  const { host, port } = endpointOf(baseUrl);
  const timeoutMs = options.timeoutMs ?? PREFLIGHT_CONNECT_TIMEOUT_MS;
  const open = options.connect ?? ((p: number, h: string) => netConnect({ port: p, host: h }));
  return new Promise((resolve) => {
    const socket = open(port, host);
    const done = (probe: ConnectProbe) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      // An error after the answer (a late RST) must not be unhandled.
      socket.on('error', () => {});
      socket.destroy();
      resolve(probe);
    };
    const timer = setTimeout(
      () =>
        done({
          silent: true,
          detail: `no TCP connection to ${host}:${port} within ${timeoutMs / 1000} s (no answer, not even a refusal: packets dropped by a firewall, or the wrong address?)`,
        }),
      timeoutMs,
    );
    socket.once('connect', () => done({ silent: false, detail: `connected to ${host}:${port}` }));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done({ silent: false, detail: `${host}:${port}: ${error.code ?? error.message}` }),
    );
  });
}
