/**
 * Secret variables at rest (docs/variables.md, "Secret values"): a secret's value is kept in
 * `variables.json` only sealed, by the same seal as the keystore's private keys (the OS keychain
 * on the desktop, the keystore passphrase elsewhere), and opened when the variables are read.
 * While the keystore is locked a sealed value stays sealed: the view carries it with an empty
 * value, so the composer names the secret instead of sending nothing.
 */
import type { SecretBox } from '../../../core/certs/index.js';
import type { SecretValue } from '../../../core/tpp/redact-secrets.js';
import { CallRefused } from '../../dispatch.js';
import type { TargetVariablesView, WorkspaceVariablesView } from '../../contract/workspace.js';

type Value = TargetVariablesView['environments'][string][string][number];

/** How a locked keystore is opened, in each host. */
export const UNLOCK_HINT =
  'unlock the keystore (Certificates; on the command line set WORKBENCH_KEYSTORE_PASSPHRASE)';

function eachValue(
  target: TargetVariablesView,
  change: (value: Value, name: string) => Value,
): TargetVariablesView {
  const environments: TargetVariablesView['environments'] = {};
  for (const [environment, variables] of Object.entries(target.environments)) {
    const next: (typeof environments)[string] = {};
    for (const [name, list] of Object.entries(variables))
      next[name] = list.map((value) => change(value, name));
    environments[environment] = next;
  }
  return { ...target, environments };
}

/** The target's variables as stored: each secret value sealed, never in clear. */
export function sealedVariables(
  target: TargetVariablesView,
  box: SecretBox | undefined,
): TargetVariablesView {
  return eachValue(target, (value, name) => {
    const { sealed, ...rest } = value;
    if (!value.secret) return rest;
    // Still sealed (read while the keystore was locked): kept as it is.
    if (sealed !== undefined && value.value === '') return value;
    if (value.value === '') return rest;
    if (!box)
      throw new CallRefused(
        `The secret '${name}' was not saved: ${UNLOCK_HINT} first, so its value is stored sealed, never in clear.`,
      );
    return { ...rest, value: '', sealed: box.seal(Buffer.from(value.value)).toString('base64') };
  });
}

/** The variables as the views use them: each sealed value opened, if the keystore is open. */
export function openedVariables(
  all: WorkspaceVariablesView,
  box: SecretBox | undefined,
): WorkspaceVariablesView {
  const opened: WorkspaceVariablesView = {};
  for (const [targetId, target] of Object.entries(all))
    opened[targetId] = eachValue(target, (value) => {
      if (value.sealed === undefined || !box) return value;
      try {
        const { sealed: _sealed, ...rest } = value;
        return { ...rest, value: box.open(Buffer.from(value.sealed, 'base64')).toString() };
      } catch {
        // Sealed by another keychain or passphrase: it stays sealed, and so cannot be sent.
        return value;
      }
    });
  return opened;
}

/** Every secret value the target's environments hold in clear: what History and exports hide. */
export function secretValuesOf(target: TargetVariablesView | undefined): SecretValue[] {
  const secrets: SecretValue[] = [];
  for (const variables of Object.values(target?.environments ?? {}))
    for (const [name, list] of Object.entries(variables))
      for (const v of list) if (v.secret && v.value) secrets.push({ name, value: v.value });
  return secrets;
}
