/**
 * Environment files in and out for the workspace service: a Postman or Bruno environment file
 * read into one environment of a target's variables, and one environment written back as such
 * a file (core/collections/environment-files.ts reads and writes the formats). A value the
 * variables cannot hold is left out with a note naming it; every refusal names what was wrong.
 */
import {
  CollectionFormatError,
  type EnvironmentFileValue,
} from '../../../core/collections/index.js';
import { CallRefused } from '../../dispatch.js';
import { collectionFormats as formats } from '../collections/format-libraries.js';
import type { CallArgs } from '../../contract/index.js';
import {
  MAX_VARIABLE_VALUE_CHARS,
  VARIABLE_NAME_PATTERN,
  type EnvironmentExportView,
  type EnvironmentFormat,
} from '../../contract/workspace.js';

type Variables = Record<string, { value: string; from: string; secret?: boolean }[]>;

export interface ReadEnvironment {
  /** The file's own name for it: Postman's `name`, a Bruno file's name without `.bru`. */
  name?: string;
  variables: Variables;
  notes: string[];
}

const variableName = new RegExp(VARIABLE_NAME_PATTERN);

/** `names` in words for a note: `a`, `b` and 3 more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((n) => `'${n}'`);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** The values a target's environment holds, with a note for each kind left out. */
function variablesOf(values: readonly EnvironmentFileValue[], from: string): ReadEnvironment {
  const variables: Variables = Object.create(null) as Variables;
  const disabled: string[] = [];
  const badNames: string[] = [];
  const tooLong: string[] = [];
  const repeated: string[] = [];
  for (const v of values) {
    if (!v.enabled) disabled.push(v.key);
    else if (!variableName.test(v.key)) badNames.push(v.key);
    else if (v.value.length > MAX_VARIABLE_VALUE_CHARS || /[\r\n]/.test(v.value))
      tooLong.push(v.key);
    // A variable has one value in an environment: the first of a name is kept, a note names the rest.
    else if (Object.hasOwn(variables, v.key)) repeated.push(v.key);
    else variables[v.key] = [{ value: v.value, from, ...(v.secret ? { secret: true } : {}) }];
  }
  const notes: string[] = [];
  if (disabled.length > 0)
    notes.push(
      `Left out the disabled values ${listed(disabled)}: they are not part of what is sent.`,
    );
  if (badNames.length > 0)
    notes.push(
      `Left out ${listed(badNames)}: a variable name is a letter, then letters, digits, _ or - ({{name}}).`,
    );
  if (tooLong.length > 0)
    notes.push(
      `Left out ${listed(tooLong)}: a value is one line of at most ${MAX_VARIABLE_VALUE_CHARS} characters.`,
    );
  if (repeated.length > 0)
    notes.push(`Left out the second value of ${listed(repeated)}: the first one is kept.`);
  return { variables: { ...variables }, notes };
}

/** The name of a Bruno environment: its file's name without `.bru`. */
function brunoName(fileName: string | undefined): string | undefined {
  const base = fileName
    ?.replace(/^.*[\\/]/, '')
    .replace(/\.bru$/i, '')
    .trim();
  return base || undefined;
}

export async function readEnvironment(
  args: CallArgs<'workspace.importEnvironment'>,
): Promise<ReadEnvironment> {
  const { readBrunoEnvironment, readPostmanEnvironment } = await formats();
  const what = args.fileName ?? `The ${args.format === 'postman' ? 'Postman' : 'Bruno'} file`;
  try {
    const file =
      args.format === 'postman'
        ? readPostmanEnvironment(args.text, what)
        : { ...readBrunoEnvironment(args.text, what), name: brunoName(args.fileName) };
    const read = variablesOf(file.values, `imported from ${what}`.slice(0, 300));
    return { ...read, ...(file.name ? { name: file.name } : {}) };
  } catch (error) {
    if (error instanceof CollectionFormatError) throw new CallRefused(error.message);
    throw error;
  }
}

export async function writtenEnvironment(
  id: string,
  name: string,
  variables: Variables,
  format: EnvironmentFormat,
): Promise<EnvironmentExportView> {
  const { safeFileName, writeBrunoEnvironment, writePostmanEnvironment } = await formats();
  const values = Object.entries(variables).map(([key, list]) => ({
    key,
    value: list[0]?.value ?? '',
    enabled: true,
    secret: list[0]?.secret === true,
  }));
  const stem = safeFileName(name, 'environment');
  const secrets = values.filter((v) => v.secret).map((v) => v.key);
  // A secret's value stays in the workbench (sealed at rest): a file carries its name only.
  const notes =
    secrets.length > 0
      ? [
          `The values of the secret ${listed(secrets)} are not in the file: a secret's value never leaves the workbench (the file marks ${secrets.length === 1 ? 'it' : 'them'} secret, with no value).`,
        ]
      : [];
  if (format === 'postman')
    return {
      fileName: `${stem}.postman_environment.json`,
      text: `${JSON.stringify(writePostmanEnvironment(id, name, values), null, 2)}\n`,
      notes,
    };
  return { fileName: `${stem}.bru`, text: writeBrunoEnvironment(values), notes };
}
