/**
 * Where the web host and CLI keep the workbench's files (settings, targets, collections, the
 * keystore): `$XDG_CONFIG_HOME/psd2-workbench`, else `~/.config/psd2-workbench` (XDG Base
 * Directory: a relative XDG_CONFIG_HOME is invalid and ignored).
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export const DATA_DIR_NAME = 'psd2-workbench';

export function defaultDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string {
  const xdg = env.XDG_CONFIG_HOME;
  const configHome = xdg && isAbsolute(xdg) ? xdg : join(home, '.config');
  return join(configHome, DATA_DIR_NAME);
}
