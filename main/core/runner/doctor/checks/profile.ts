/**
 * `profile`: the profile reads — valid against the schema (`workbench target schema`), every
 * `${env:NAME}` secret set, every file it names readable and holding what it should (a
 * certificate, its private key, the PKCS#12 passphrase right). Everything else depends on it, so
 * when it fails the other checks are SKIPPED rather than guessed at.
 */
import type { LoadedTargetProfile, TargetProfileError } from '../../target-profile/index.js';
import { line, type DoctorLine } from '../types.js';

export const profileCheck = { id: 'profile', title: 'the profile reads' } as const;

export function profileReadLine(loaded: LoadedTargetProfile): DoctorLine {
  const { profile } = loaded;
  const files = [
    'QSealC',
    ...(loaded.clientCertificate ? ['QWAC'] : []),
    ...(loaded.ca.length > 0 ? [`${loaded.ca.length} CA file(s)`] : []),
    ...(loaded.aispOnlySigning ? ['AISP-only QSealC'] : []),
    ...(loaded.baseline ? ['baseline'] : []),
  ];
  return line(
    profileCheck,
    'PASS',
    `${loaded.source}: ${profile.mode} bank at ${profile.baseUrl}; read ${files.join(', ')}`,
  );
}

/** The profile's problems, each with its JSON path (errors.ts), as one FAIL. */
export function profileErrorLine(error: TargetProfileError): DoctorLine {
  return line(
    profileCheck,
    'FAIL',
    `${error.file}: ${error.problems.join('; ')}`,
    profileFix(error.problems),
  );
}

/** The fix for what went wrong: a JSON path is named only when the file is read and parsed. */
function profileFix(problems: readonly string[]): string {
  if (problems.some((p) => p.startsWith('environment variable')))
    return 'set the named environment variables for the run (the profile keeps secrets as ${env:NAME}), or correct the field at the JSON path';
  if (problems.some((p) => p.startsWith('/')))
    return "correct the field at the JSON path named above ('workbench target schema' prints what each field takes; relative paths are below the profile's folder)";
  if (problems.some((p) => p.startsWith('cannot read it')))
    return "check the profile's file name (relative to the current folder), or write one with 'workbench target init'";
  return 'correct the JSON text of the profile at the place named above';
}
