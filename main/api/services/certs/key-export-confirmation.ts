/**
 * A private key leaves main only after a confirmation that main obtains itself, outside the view:
 * a script injected into the renderer (or a compromised page) can call the contract, but it cannot
 * click a native dialog or read the host's terminal. Two ways, one per host:
 *
 * - 'dialog' (desktop): main shows a native dialog during the export call and exports only when
 *   the user presses Export in it (hosts/electron/key-export-dialog.ts).
 * - 'terminal-token' (web host): certs.requestKeyExport makes a fresh one-time token and prints it
 *   on the host's stderr; certs.exportPrivateKey must carry it. A token serves one export of one
 *   entry in one format, for five minutes; a wrong token spends it (no guessing by repetition).
 *
 * A host that gives neither refuses every key export.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';

export interface KeyExportRequest {
  handle: string;
  label: string;
  kind: string;
  format: 'pkcs8' | 'pkcs12';
}

export interface KeyExportConfirmer {
  readonly mode: 'dialog' | 'terminal-token';
  /** Called by certs.requestKeyExport: what the user must do, in one sentence. */
  begin(request: KeyExportRequest): string;
  /** Called by certs.exportPrivateKey: true only when the user confirmed this very export. */
  confirm(request: KeyExportRequest, typed: string | undefined): Promise<boolean>;
}

/** Desktop: a native dialog shown by main (the host passes `ask`, a dialog.showMessageBox). */
export function dialogConfirmer(
  ask: (request: KeyExportRequest) => Promise<boolean>,
): KeyExportConfirmer {
  return {
    mode: 'dialog',
    begin: () => 'Confirm the export in the dialog the workbench shows.',
    confirm: (request) => ask(request),
  };
}

/** Without confusable characters (0/O, 1/I/L), so a token read off a terminal is typed right. */
const TOKEN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TOKEN_LENGTH = 10;
export const TOKEN_LIFETIME_MS = 5 * 60_000;

function freshToken(): string {
  let token = '';
  for (let i = 0; i < TOKEN_LENGTH; i += 1)
    token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return `${token.slice(0, 5)}-${token.slice(5)}`;
}

/** Web host: a one-time token printed by `print` (the host's stderr), typed into the view. */
export function terminalTokenConfirmer(
  print: (line: string) => void,
  now: () => number = Date.now,
): KeyExportConfirmer {
  const pending = new Map<string, { token: string; expiresAt: number }>();
  const key = (request: KeyExportRequest) => `${request.handle}\u0000${request.format}`;
  return {
    mode: 'terminal-token',
    begin(request) {
      const token = freshToken();
      pending.set(key(request), { token, expiresAt: now() + TOKEN_LIFETIME_MS });
      print(
        `Key export requested for '${request.label}' (${request.format === 'pkcs12' ? 'PKCS#12' : 'PKCS#8'}). ` +
          `If you asked for it, type ${token} in the workbench (valid 5 minutes, once). ` +
          'If you did not, ignore this line.',
      );
      return 'Type the confirmation code the workbench printed in the terminal where it runs.';
    },
    confirm(request, typed) {
      const entry = pending.get(key(request));
      pending.delete(key(request));
      if (!entry || typed === undefined || now() > entry.expiresAt) return Promise.resolve(false);
      const given = Buffer.from(typed.trim().toUpperCase());
      const expected = Buffer.from(entry.token);
      return Promise.resolve(given.length === expected.length && timingSafeEqual(given, expected));
    },
  };
}
