/**
 * What Postman and Bruno imports decide the same way about a whole collection: which methods are
 * kept, that auth settings are left out, and which variables are imported (not the one standing
 * for the base URL, not disabled ones; `:name` path variables with a value join them). Pure.
 */
import { type ImportNotes, requestsCount } from './import-notes.js';
import type { ImportedLocation } from './imported-request.js';
import { COLLECTION_METHODS, type CollectionMethod, type CollectionVariable } from './model.js';

/** The method as the composer sends it, or none (with a note) for one the bank never uses. */
export function importedMethod(method: string, notes: ImportNotes): CollectionMethod | undefined {
  const upper = method.toUpperCase() as CollectionMethod;
  if (COLLECTION_METHODS.includes(upper)) return upper;
  notes.add(
    `method:${upper}`,
    (n) =>
      `Left out ${requestsCount(n)} with the method ${upper || '(none)'}: the bank's operations use ${COLLECTION_METHODS.join(', ')}.`,
  );
  return undefined;
}

/** Notes auth settings of `what` ("1 request", "the collection") as left out. */
export function authLeftOut(notes: ImportNotes, key: string, what: (n: number) => string): void {
  notes.add(
    `auth:${key}`,
    (n) =>
      `Left out the auth settings of ${what(n)}: the workbench authenticates with the target's certificates and signature (§5.2).`,
  );
}

export interface DeclaredVariable {
  key: string;
  value: string;
  enabled: boolean;
  /** Marked secret in the file (Postman `type: "secret"`). */
  secret?: boolean;
}

/** The collection's variables: the declared ones, then the values given to path variables. */
export function importedVariables(
  declared: readonly DeclaredVariable[],
  locations: readonly ImportedLocation[],
  notes: ImportNotes,
): CollectionVariable[] {
  const base = new Set(locations.flatMap((l) => l.baseVariables));
  const variables: CollectionVariable[] = [];
  for (const { key, value, enabled, secret } of declared) {
    if (!key) continue;
    if (base.has(key))
      notes.add(
        `base:${key}`,
        () =>
          `{{${key}}} stands for the base URL: the workbench sends to the target chosen in the composer, so it was not imported.`,
      );
    else if (!enabled) notes.add('variable:disabled', (n) => `Left out ${n} disabled variable(s).`);
    else if (secret) {
      // A collection is kept in clear: a secret's value goes only into a target's environment,
      // where the keystore's seal keeps it (docs/variables.md, "Secret values").
      variables.push({ key, value: '', secret: true });
      if (value)
        notes.add(
          `secret:${key}`,
          () =>
            `Left out the value of the secret variable {{${key}}}: a collection keeps no secret value; set it in a target's environment (the variables panel), where it is sealed.`,
        );
    } else variables.push({ key, value });
  }
  for (const { key, value } of locations.flatMap((l) => l.pathVariables))
    if (!variables.some((v) => v.key === key)) variables.push({ key, value });
  return variables;
}
