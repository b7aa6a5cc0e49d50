/**
 * A first profile for a bank: what `workbench target init` writes. For a `workbench bank` it is
 * complete: the files `workbench certs create` wrote (QSealC, QWAC and the test CA for a TLS
 * bank, the AISP-only TPP), the embedded bank's pages as the PSU steps, and the admin API when
 * the bank's `--json` line names one. For another bank it is the skeleton to fill in: its PSUs
 * and, when its SCA pages differ, a PSU steps file (docs/sca.md).
 */
import { access } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { TARGET_PROFILE_VERSION, type TargetProfile } from './schema.js';
import type { BankMode } from '../../../shared/mode.js';

/** File names `workbench certs create` writes (main/hosts/cli/certs-command.ts). */
export const CERTS_DIR_FILES = {
  qsealc: 'qsealc.pem',
  qsealcKey: 'qsealc.key.pem',
  qwac: 'qwac.pem',
  qwacKey: 'qwac.key.pem',
  caRoot: 'ca-root.pem',
  aispOnlyQsealc: 'aisp-qsealc.pem',
  aispOnlyQsealcKey: 'aisp-qsealc.key.pem',
} as const;

export const PROFILE_SCHEMA_REFERENCE =
  'https://psd2-workbench.local/schemas/target-profile.schema.json';

export interface InitProfileOptions {
  bankUrl: string;
  mode: BankMode;
  /** Folder `workbench certs create` wrote; paths in the profile are relative to `profileDir`. */
  certsDir?: string;
  profileDir: string;
  admin?: { url: string; token: string };
  name?: string;
  /**
   * The bank's response-signing certificate (a file), pinned as bankSigningCert (§5.2.7): without
   * it a signature by anyone between the TPP and the bank verifies as well as the bank's own.
   */
  bankSigningCert?: string;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export async function initTargetProfile(options: InitProfileOptions): Promise<TargetProfile> {
  const certs = options.certsDir ?? 'certs';
  const from = (path: string) => (relative(options.profileDir, path) || path).split('\\').join('/');
  const at = (file: string) => from(join(certs, file));
  const https = options.bankUrl.startsWith('https:');
  const hasAispOnly =
    options.certsDir !== undefined &&
    (await exists(join(options.certsDir, CERTS_DIR_FILES.aispOnlyQsealc)));
  return {
    $schema: PROFILE_SCHEMA_REFERENCE,
    profileVersion: TARGET_PROFILE_VERSION,
    name: options.name ?? options.bankUrl,
    baseUrl: options.bankUrl.replace(/\/+$/, ''),
    mode: options.mode,
    signing: { certificate: at(CERTS_DIR_FILES.qsealc), key: at(CERTS_DIR_FILES.qsealcKey) },
    // Over HTTPS the QWAC goes along (a bank without mTLS ignores it) and the test CA is trusted.
    ...(https
      ? {
          tls: {
            clientCertificate: {
              certificate: at(CERTS_DIR_FILES.qwac),
              key: at(CERTS_DIR_FILES.qwacKey),
            },
            ca: [at(CERTS_DIR_FILES.caRoot)],
          },
        }
      : {}),
    ...(hasAispOnly
      ? {
          aispOnlyTpp: {
            signing: {
              certificate: at(CERTS_DIR_FILES.aispOnlyQsealc),
              key: at(CERTS_DIR_FILES.aispOnlyQsealcKey),
            },
          },
        }
      : {}),
    sca: { mode: 'headless', script: 'workbench-bank' },
    allows: { createSandboxData: true, resetSandbox: true, deletePayments: true },
    ...(options.bankSigningCert ? { bankSigningCert: from(options.bankSigningCert) } : {}),
    ...(options.admin ? { admin: options.admin } : {}),
  };
}
