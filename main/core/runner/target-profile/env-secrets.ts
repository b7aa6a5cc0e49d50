/**
 * `${env:NAME}` in a profile's strings: secrets (passphrases, the admin token) stay out of the
 * file and come from the environment of the run. Every variable the profile names must be set; a
 * missing one is reported with its JSON path before the run starts, never sent as an empty value.
 *
 * `${env:NAME:-default}` is an override with a default, as in a shell: the variable when it is set
 * and not empty, else the default — so one profile serves a laptop (the default) and every CI
 * stage (`BANK_URL=https://… workbench run --target-file bank.json`).
 */
const REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface SecretExpansion<T> {
  value: T;
  /** `NAME at /json/path` for each variable that is not set. */
  missing: string[];
}

export function expandEnvSecrets<T>(
  value: T,
  env: Readonly<Record<string, string | undefined>>,
): SecretExpansion<T> {
  const missing: string[] = [];
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === 'string')
      return node.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
        const found = env[name];
        if (fallback !== undefined) return found === undefined || found === '' ? fallback : found;
        if (found === undefined) {
          missing.push(`${name} at ${path || '/'}`);
          return '';
        }
        return found;
      });
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}/${index}`));
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(
        Object.entries(node).map(([key, item]) => [key, walk(item, `${path}/${key}`)]),
      );
    return node;
  };
  return { value: walk(value, '') as T, missing };
}
