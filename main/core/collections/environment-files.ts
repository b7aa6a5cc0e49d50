/**
 * Environment files in and out: a Postman environment (`_postman_variable_scope: "environment"`,
 * `values: [{ key, value, enabled, type }]`, `type: "secret"` for a secret) and a Bruno
 * environment (`environments/NAME.bru`, read and written with `@usebruno/lang`'s own env parser
 * and serializer). Every value is kept as the file has it, an empty one included; which of them a
 * target's environment can hold is decided by the caller (api/services/workspace/environment-formats.ts).
 * Pure.
 */
import bruno from '@usebruno/lang';
import { isRecord, parsedJson } from './json-file.js';
import { CollectionFormatError } from './model.js';

/** One value of an environment file. */
export interface EnvironmentFileValue {
  key: string;
  value: string;
  enabled: boolean;
  /** Postman's `type: "secret"`, Bruno's `vars:secret`. */
  secret: boolean;
}

export interface EnvironmentFile {
  /** The environment's name in the file (Postman `name`; a Bruno file is named by its file). */
  name?: string;
  values: EnvironmentFileValue[];
}

/** What `bruToEnvJsonV2` gives (the fields used here). */
interface BruEnvironment {
  variables?: { name?: unknown; value?: unknown; enabled?: unknown; secret?: unknown }[];
}

/** A Postman value as text: old exports keep numbers and booleans as JSON values. */
function postmanValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A Postman environment export; anything else is refused naming what it is not. */
export function readPostmanEnvironment(text: string, what: string): EnvironmentFile {
  const json = parsedJson(text, what);
  if (!isRecord(json))
    throw new CollectionFormatError(`${what} is not a Postman environment: not a JSON object.`);
  if (isRecord(json.info) && typeof json.info.schema === 'string')
    throw new CollectionFormatError(
      `${what} is a Postman collection, not an environment: import it as a collection.`,
    );
  if (json._postman_variable_scope !== 'environment' || !Array.isArray(json.values))
    throw new CollectionFormatError(
      `${what} is not a Postman environment: it has no _postman_variable_scope "environment" with values (in Postman, export the environment from its "…" menu).`,
    );
  const values = json.values.filter(isRecord).map((v) => ({
    key: typeof v.key === 'string' ? v.key : '',
    value: postmanValue(v.value),
    enabled: v.enabled !== false,
    secret: v.type === 'secret',
  }));
  return {
    ...(typeof json.name === 'string' && json.name.trim() ? { name: json.name.trim() } : {}),
    values,
  };
}

/** A Bruno environment file (`environments/NAME.bru`); a syntax error names the file. */
export function readBrunoEnvironment(text: string, what: string): EnvironmentFile {
  let parsed: BruEnvironment;
  try {
    parsed = bruno.bruToEnvJsonV2(text) as BruEnvironment;
  } catch (error) {
    throw new CollectionFormatError(
      `${what} is not a valid Bruno environment file: ${String((error as Error).message ?? error).trim()}`,
    );
  }
  const values = (parsed.variables ?? []).map((v) => ({
    key: typeof v.name === 'string' ? v.name : '',
    value: typeof v.value === 'string' ? v.value : '',
    enabled: v.enabled !== false,
    secret: v.secret === true,
  }));
  return { values };
}

/**
 * A Postman environment export of these values: a secret one `type: "secret"` with an empty
 * value, so a secret never leaves the workbench in a file (docs/variables.md, "Secret values").
 */
export function writePostmanEnvironment(
  id: string,
  name: string,
  values: readonly EnvironmentFileValue[],
): object {
  return {
    id,
    name,
    values: values.map((v) => ({
      key: v.key,
      value: v.secret ? '' : v.value,
      enabled: v.enabled,
      type: v.secret ? 'secret' : 'default',
    })),
    _postman_variable_scope: 'environment',
  };
}

/**
 * A Bruno environment file of these values. Bruno writes a secret's name under `vars:secret` and
 * never its value: Bruno keeps secret values out of the collection's files.
 */
export function writeBrunoEnvironment(values: readonly EnvironmentFileValue[]): string {
  return bruno.envJsonToBruV2({
    variables: values.map((v) => ({
      name: v.key,
      value: v.value,
      enabled: v.enabled,
      secret: v.secret,
    })),
  });
}
