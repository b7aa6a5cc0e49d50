/**
 * Reading a target profile: parse the JSON, check it against the schema, fill `${env:NAME}`
 * secrets, and load the files it names (certificates, keys, CAs, baseline, PSU steps) relative to
 * the profile's folder. Everything that can be wrong with a profile is found here, before a run
 * starts, and reported with the JSON path of the field (errors.ts).
 */
import { dirname, resolve } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { importCertificateMaterial, toPem } from '../../certs/index.js';
import { parseBaseline, type Baseline } from '../../../shared/baseline.js';
import { jsonSyntaxProblem } from '../../../shared/json.js';
import type { TransportOptions } from '../../tpp/transport.js';
import { describeSchemaErrors, TargetProfileError } from './errors.js';
import { expandEnvSecrets, type EnvPolicy } from './env-secrets.js';
import { FileRefused, readProfileFile } from './files.js';
import {
  loadCredential,
  profileFiles,
  type KeystoreCredentials,
  type LoadedCredential,
} from './load-credential.js';

export type { KeystoreCredentials, LoadedCredential } from './load-credential.js';
import { TargetProfileSchema, type Credential, type TargetProfile } from './schema.js';

/** A certificate (DER, first the end entity, then any intermediates) and its private key. */

export interface LoadedTargetProfile {
  /** The profile with secrets filled in. */
  profile: TargetProfile;
  /** The file it was read from (absolute), or a description for a profile built in memory. */
  source: string;
  signing: LoadedCredential;
  clientCertificate?: LoadedCredential;
  ca: Buffer[];
  aispOnlySigning?: LoadedCredential;
  /** §5.2.7: the bank's response-signing certificates and their CAs (DER), when named. */
  bankSigning?: { certificates: Buffer[]; cas: Buffer[] };
  baseline?: Baseline;
  /** The PSU steps file the profile names, parsed (validated where the steps are interpreted). */
  psuSteps?: unknown;
  /** The values `${env:NAME}` filled in (env-secrets.ts): the run redacts them everywhere. */
  secrets?: readonly string[];
}

export interface ReadProfileOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Which variables the profile may name; default: any (the CLI reading its user's file). */
  envPolicy?: EnvPolicy;
  /** The keystore a `{ "keystore": … }` credential names (see KeystoreCredentials). */
  keystore?: KeystoreCredentials;
}

/** A valid profile and the values the environment filled into it. */
export interface ParsedTargetProfile {
  profile: TargetProfile;
  secrets: string[];
}

/** Parses and validates profile text; `source` names the file in errors. */
export function parseTargetProfile(
  text: string,
  source: string,
  options: ReadProfileOptions = {},
): TargetProfile {
  return parseTargetProfileSecrets(text, source, options).profile;
}

/** As parseTargetProfile, with the values the environment filled in. */
export function parseTargetProfileSecrets(
  text: string,
  source: string,
  options: ReadProfileOptions = {},
): ParsedTargetProfile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TargetProfileError(source, [`not JSON: ${jsonSyntaxProblem(text, error)}`]);
  }
  // The environment first: a value from it (an overridden baseUrl) is checked like one typed in.
  const { value, missing, refused, secrets, problems } = expandEnvSecrets(
    data,
    options.env ?? process.env,
    options.envPolicy,
  );
  if (refused.length > 0)
    throw new TargetProfileError(
      source,
      refused.map(
        (r) =>
          `environment variable ${r.replace(' at ', ' may not be named here (at ')}): ${options.envPolicy!.rule}`,
      ),
    );
  if (missing.length > 0)
    throw new TargetProfileError(
      source,
      missing.map((m) => `environment variable ${m.replace(' at ', ' is not set (named at ')})`),
    );
  if (problems.length > 0) throw new TargetProfileError(source, problems);
  if (!Value.Check(TargetProfileSchema, value))
    throw new TargetProfileError(
      source,
      describeSchemaErrors(Value.Errors(TargetProfileSchema, value)),
    );
  return { profile: value, secrets };
}

/** Reads, validates and loads the profile at `file`. */
export async function readTargetProfile(
  file: string,
  options: ReadProfileOptions = {},
): Promise<LoadedTargetProfile> {
  const source = resolve(file);
  let text: string;
  try {
    text = (await readProfileFile(source)).toString('utf8');
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    throw new TargetProfileError(file, [
      error.unreadable ? `cannot read it (${error.unreadable})` : `it ${error.message}`,
    ]);
  }
  const { profile, secrets } = parseTargetProfileSecrets(text, file, options);
  const loaded = await loadTargetProfile(profile, {
    source: file,
    baseDir: dirname(source),
    secrets,
    ...(options.keystore ? { keystore: options.keystore } : {}),
    ...(options.envPolicy ? { envPolicy: options.envPolicy } : {}),
  });
  // The values a PSU steps file's `${env:NAME}` types are secrets of the run too: the agent's
  // errors and the screenshots' URLs would show them.
  const typed = loaded.psuSteps
    ? expandEnvSecrets(loaded.psuSteps, options.env ?? process.env).secrets
    : [];
  if (typed.length === 0) return loaded;
  return { ...loaded, secrets: [...new Set([...(loaded.secrets ?? []), ...typed])] };
}

/**
 * Loads the files a valid profile names; relative paths are below `baseDir`. Each is read as
 * files.ts says (a regular file, size-capped), and a problem names the path, never the content.
 */
export async function loadTargetProfile(
  profile: TargetProfile,
  where: {
    source: string;
    baseDir: string;
    secrets?: readonly string[];
    keystore?: KeystoreCredentials;
    /** The policy the profile was read with: the PSU steps file it names follows it too. */
    envPolicy?: EnvPolicy;
  },
): Promise<LoadedTargetProfile> {
  const files = profileFiles(where.baseDir);
  const { problems, read } = files;
  const credential = (c: Credential, at: string) => loadCredential(files, c, at, where.keystore);

  const [signing, clientCertificate, aispOnlySigning] = await Promise.all([
    credential(profile.signing, '/signing'),
    profile.tls?.clientCertificate
      ? credential(profile.tls.clientCertificate, '/tls/clientCertificate')
      : undefined,
    profile.aispOnlyTpp
      ? credential(profile.aispOnlyTpp.signing, '/aispOnlyTpp/signing')
      : undefined,
  ]);
  const ca: Buffer[] = [];
  for (const [index, path] of (profile.tls?.ca ?? []).entries()) {
    const bytes = await read(path, `/tls/ca/${index}`);
    if (bytes) ca.push(bytes);
  }
  const certificatesIn = async (path: string | undefined, at: string): Promise<Buffer[]> => {
    if (path === undefined) return [];
    const bytes = await read(path, at);
    if (!bytes) return [];
    try {
      const found = importCertificateMaterial(bytes).certificates;
      if (found.length === 0) problems.push(`${at}: '${path}' holds no certificate`);
      return found;
    } catch (error) {
      problems.push(`${at}: ${(error as Error).message}`);
      return [];
    }
  };
  const bankSigning = {
    certificates: await certificatesIn(profile.bankSigningCert, '/bankSigningCert'),
    cas: await certificatesIn(profile.bankCa, '/bankCa'),
  };
  let baseline: Baseline | undefined;
  if (profile.baseline) {
    const bytes = await read(profile.baseline, '/baseline');
    if (bytes)
      try {
        baseline = parseBaseline(bytes.toString('utf8'), profile.baseline);
      } catch (error) {
        problems.push(`/baseline: ${(error as Error).message}`);
      }
  }
  let psuSteps: unknown;
  const script = profile.sca && 'script' in profile.sca ? profile.sca.script : undefined;
  if (typeof script === 'object') psuSteps = script;
  else if (typeof script === 'string' && /\.json$/i.test(script)) {
    const bytes = await read(script, '/sca/script');
    if (bytes)
      try {
        psuSteps = JSON.parse(bytes.toString('utf8'));
        // The steps type `${env:NAME}` into the bank's pages: a name the profile itself could
        // not read is refused for the steps it names as well (SECURITY.md).
        if (where.envPolicy)
          for (const name of expandEnvSecrets(psuSteps, {}, where.envPolicy).refused)
            problems.push(
              `/sca/script: '${script}' names environment variable ${name.replace(' at ', ' (at ')}), which it may not: ${where.envPolicy.rule}`,
            );
      } catch (error) {
        problems.push(
          `/sca/script: '${script}' is not JSON: ${jsonSyntaxProblem(bytes.toString('utf8'), error)}`,
        );
      }
  }
  if (problems.length > 0 || !signing) throw new TargetProfileError(where.source, problems);
  return {
    profile,
    source: where.source,
    signing,
    ...(clientCertificate ? { clientCertificate } : {}),
    ca,
    ...(aispOnlySigning ? { aispOnlySigning } : {}),
    ...(bankSigning.certificates.length + bankSigning.cas.length > 0 ? { bankSigning } : {}),
    ...(baseline ? { baseline } : {}),
    ...(psuSteps !== undefined ? { psuSteps } : {}),
    ...(where.secrets?.length ? { secrets: where.secrets } : {}),
  };
}

/** The transport a loaded profile asks for: the QWAC for mTLS, extra CAs, limits. */
export function transportOfProfile(loaded: LoadedTargetProfile): TransportOptions {
  const { profile, clientCertificate } = loaded;
  return {
    ...(clientCertificate
      ? {
          clientCertificate: {
            certificate: clientCertificate.certificates.map((der) => toPem(der)).join(''),
            key: clientCertificate.key,
          },
        }
      : {}),
    ...(loaded.ca.length > 0 ? { ca: loaded.ca } : {}),
    ...(profile.requestTimeoutSeconds !== undefined
      ? { timeouts: { totalMs: Math.round(profile.requestTimeoutSeconds * 1000) } }
      : {}),
    ...(profile.maxBodyBytes !== undefined ? { maxResponseBytes: profile.maxBodyBytes } : {}),
  };
}
