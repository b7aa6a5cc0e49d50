/**
 * Who may have the host read which of its environment variables into something it sends: a
 * target profile's `${env:NAME}` (core/runner/target-profile/env-secrets.ts) and PSU steps'
 * `${env:NAME}` (core/tpp/psu-agent/env-references.ts) follow the same policy. The command line
 * reads a file its user wrote and may name any variable; whatever arrives through the UI (the
 * Electron IPC or the web host's socket, one dispatch), and a recording a bank's page made, names
 * only the variables the user set aside for the workbench, so no caller can have the host send
 * WORKBENCH_KEYSTORE_PASSPHRASE, a cloud key or another program's token to a URL it chose
 * (SECURITY.md, "What the UI may reach on the host").
 */

/** Which variables may be named, and how to say so when another one is. */
export interface EnvPolicy {
  mayName(name: string): boolean;
  /** Why a name is refused, e.g. "… reads only environment variables whose names begin with …". */
  rule: string;
}

/** The only environment variables a profile or PSU steps used through the UI may name. */
export const UI_ENV_PREFIX = 'WORKBENCH_PROFILE_';

export const UI_ENV_POLICY: EnvPolicy = {
  mayName: (name) => name.startsWith(UI_ENV_PREFIX) && name.length > UI_ENV_PREFIX.length,
  rule: `a profile or PSU steps used in the workbench's UI read only environment variables whose names begin with ${UI_ENV_PREFIX} (e.g. \${env:${UI_ENV_PREFIX}ADMIN_TOKEN}); the command line reads any`,
};
