/**
 * Reading a target profile: parse the JSON, check it against the schema, fill `${env:NAME}`
 * secrets, and load the files it names (certificates, keys, CAs, baseline, PSU steps) relative to
 * the profile's folder. Everything that can be wrong with a profile is found here, before a run
 * starts, and reported with the JSON path of the field (errors.ts).
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { importCertificateMaterial, importPkcs12, toPem } from '../../certs/index.js';
import { parseBaseline, type Baseline } from '../../../shared/baseline.js';
import type { TransportOptions } from '../../tpp/transport.js';
import { describeSchemaErrors, TargetProfileError } from './errors.js';
import { expandEnvSecrets } from './env-secrets.js';
import { TargetProfileSchema, type Credential, type TargetProfile } from './schema.js';

/** A certificate (DER, first the end entity, then any intermediates) and its private key. */
export interface LoadedCredential {
  certificates: Buffer[];
  key: KeyObject;
  /** Where it came from, for messages: the JSON path in the profile. */
  at: string;
}

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
}

export interface ReadProfileOptions {
  env?: Readonly<Record<string, string | undefined>>;
}

/** Parses and validates profile text; `source` names the file in errors. */
export function parseTargetProfile(
  text: string,
  source: string,
  options: ReadProfileOptions = {},
): TargetProfile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TargetProfileError(source, [`not JSON: ${(error as Error).message}`]);
  }
  // The environment first: a value from it (an overridden baseUrl) is checked like one typed in.
  const { value, missing } = expandEnvSecrets(data, options.env ?? process.env);
  if (missing.length > 0)
    throw new TargetProfileError(
      source,
      missing.map((m) => `environment variable ${m.replace(' at ', ' is not set (named at ')})`),
    );
  if (!Value.Check(TargetProfileSchema, value))
    throw new TargetProfileError(
      source,
      describeSchemaErrors(Value.Errors(TargetProfileSchema, value)),
    );
  return value;
}

/** Reads, validates and loads the profile at `file`. */
export async function readTargetProfile(
  file: string,
  options: ReadProfileOptions = {},
): Promise<LoadedTargetProfile> {
  const source = resolve(file);
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    throw new TargetProfileError(file, [`cannot read it (${errnoText(error)})`]);
  }
  return loadTargetProfile(parseTargetProfile(text, file, options), {
    source: file,
    baseDir: dirname(source),
  });
}

function errnoText(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** Loads the files a valid profile names; relative paths are below `baseDir`. */
export async function loadTargetProfile(
  profile: TargetProfile,
  where: { source: string; baseDir: string },
): Promise<LoadedTargetProfile> {
  const problems: string[] = [];
  const read = async (path: string, at: string): Promise<Buffer | undefined> => {
    const full = isAbsolute(path) ? path : resolve(where.baseDir, path);
    try {
      return await readFile(full);
    } catch (error) {
      problems.push(`${at}: cannot read '${path}' (${errnoText(error)})`);
      return undefined;
    }
  };
  const credential = async (c: Credential, at: string): Promise<LoadedCredential | undefined> => {
    try {
      if ('pkcs12' in c) {
        const bytes = await read(c.pkcs12, `${at}/pkcs12`);
        if (!bytes) return undefined;
        const material = importPkcs12(bytes, c.passphrase);
        if (!material.privateKey || material.certificates.length === 0) {
          problems.push(`${at}/pkcs12: the PKCS#12 file holds no certificate with its key`);
          return undefined;
        }
        return { certificates: material.certificates, key: material.privateKey, at };
      }
      const [certBytes, keyBytes] = await Promise.all([
        read(c.certificate, `${at}/certificate`),
        read(c.key, `${at}/key`),
      ]);
      if (!certBytes || !keyBytes) return undefined;
      const certs = importCertificateMaterial(certBytes).certificates;
      if (certs.length === 0) {
        problems.push(`${at}/certificate: '${c.certificate}' holds no certificate`);
        return undefined;
      }
      const key = importCertificateMaterial(keyBytes, {
        ...(c.passphrase !== undefined ? { passphrase: c.passphrase } : {}),
      }).privateKey;
      if (!key) {
        problems.push(`${at}/key: '${c.key}' holds no private key`);
        return undefined;
      }
      return { certificates: certs, key, at };
    } catch (error) {
      problems.push(`${at}: ${(error as Error).message}`);
      return undefined;
    }
  };

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
      } catch (error) {
        problems.push(`/sca/script: '${script}' is not JSON: ${(error as Error).message}`);
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
