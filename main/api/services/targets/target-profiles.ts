/**
 * Target profiles for the Targets screen: what one says (read from its file each time, so an edit
 * shows at once), and a new one written from the screen's form. The profile module of the runner
 * (core/runner/target-profile) does the reading and the checking, so a file the UI accepts is one
 * `workbench run --target-file` accepts, and the other way round.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import {
  describeSchemaErrors,
  loadTargetProfile,
  parseTargetProfile,
  readProfileFile,
  readTargetProfile,
  TargetProfileError,
  TargetProfileSchema,
  type KeystoreCredentials,
  type LoadedTargetProfile,
} from '../../../core/runner/target-profile/index.js';
import { CallRefused } from '../../dispatch.js';
import type { ProfileForm, TargetProfileView } from '../../contract/targets.js';
import { profileFromForm, UI_ENV_PREFIX, type SecretToSet } from './profile-form.js';
import { UI_ENV_POLICY } from '../../../shared/env-policy.js';

export type Env = Readonly<Record<string, string | undefined>>;

export { UI_ENV_PREFIX };

/** What a caller of the UI may have the host read from its environment (shared/env-policy.ts). */
export { UI_ENV_POLICY };

/** Refuses a path the workbench cannot place: the web host and the app have no common cwd. */
export function requireAbsolute(path: string, what: string): void {
  if (!isAbsolute(path))
    throw new CallRefused(
      `${what}: '${path}' is a relative path; give the full path (e.g. /home/me/bank-profile.json).`,
    );
}

/** The profile's file, read as a run would read it; a problem becomes a refusal naming it. */
export async function loadProfileFile(
  path: string,
  env: Env,
  keystore?: KeystoreCredentials,
): Promise<LoadedTargetProfile> {
  try {
    return await readTargetProfile(path, {
      env,
      envPolicy: UI_ENV_POLICY,
      ...(keystore ? { keystore } : {}),
    });
  } catch (error) {
    if (error instanceof TargetProfileError)
      throw new CallRefused(`The target profile ${error.message}`);
    throw error;
  }
}

/** What the list shows of a profile: what it says when it reads, else its problems. */
export async function describeProfile(
  id: string,
  path: string,
  env: Env,
  keystore?: KeystoreCredentials,
  /** Variables held in memory for this launch (secrets typed into the form). */
  held: Env = {},
): Promise<TargetProfileView> {
  try {
    const { profile } = await readTargetProfile(path, {
      env: { ...held, ...env },
      envPolicy: UI_ENV_POLICY,
      ...(keystore ? { keystore } : {}),
    });
    const text = (await readProfileFile(path)).toString('utf8');
    const setBeforeNextLaunch = Object.keys(held).filter(
      (name) => env[name] === undefined && text.includes(`\${env:${name}}`),
    );
    return {
      id,
      path,
      ok: true,
      ...(profile.name ? { name: profile.name } : {}),
      baseUrl: profile.baseUrl,
      mode: profile.mode,
      scaMode: profile.sca?.mode ?? 'headless',
      problems: [],
      ...(setBeforeNextLaunch.length > 0 ? { setBeforeNextLaunch } : {}),
    };
  } catch (error) {
    const problems =
      error instanceof TargetProfileError ? [...error.problems] : [(error as Error).message];
    return { id, path, ok: false, problems };
  }
}

/**
 * Writes the form as a new profile at `path`: checked against the profile schema, its secrets and
 * files read as a run reads them, and only then written; an existing file is never replaced.
 */
export async function writeProfileFromForm(
  path: string,
  form: ProfileForm,
  env: Env,
  keystore?: KeystoreCredentials,
): Promise<SecretToSet[]> {
  requireAbsolute(path, 'The profile file');
  const { profile, secrets } = profileFromForm(form);
  if (!Value.Check(TargetProfileSchema, profile))
    throw new CallRefused(
      `The profile would not be valid: ${describeSchemaErrors(Value.Errors(TargetProfileSchema, profile)).join('; ')}.`,
    );
  const text = `${JSON.stringify(profile, null, 2)}\n`;
  try {
    // The same steps as reading the file back: ${env:NAME} filled, then every file it names read.
    // The secrets typed into the form are read from memory, as the file will read them (a
    // variable set in the environment wins, as it will when the file is read).
    const typed = Object.fromEntries(secrets.map((s) => [s.variable, s.value]));
    const parsed = parseTargetProfile(text, path, {
      env: { ...typed, ...env },
      envPolicy: UI_ENV_POLICY,
    });
    await loadTargetProfile(parsed, {
      source: path,
      baseDir: dirname(path),
      envPolicy: UI_ENV_POLICY,
      ...(keystore ? { keystore } : {}),
    });
  } catch (error) {
    if (error instanceof TargetProfileError)
      throw new CallRefused(`The profile was not written: ${error.message}`);
    throw error;
  }
  try {
    await mkdir(dirname(path), { recursive: true });
    // 'wx': never over an existing file. The file holds no secret (profile-form.ts); 0600 still,
    // as it names the user's certificate files.
    await writeFile(path, text, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CallRefused(
      code === 'EEXIST'
        ? `${path} already exists; choose another file name (a profile is never overwritten).`
        : `${path} could not be written (${code ?? (error as Error).message}).`,
    );
  }
  return secrets;
}
