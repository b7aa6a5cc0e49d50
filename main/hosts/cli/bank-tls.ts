/**
 * `workbench bank --tls/--mtls`: from the command line's TLS flags to the listener's HTTPS options
 * (main/core/bank/listener/tls.ts). Without --tls-cert the server certificate comes from a test CA made at
 * start; --tls-ca-out writes that CA's certificate for the client's --ca. See docs/ci.md.
 */
import { writeFile } from 'node:fs/promises';
import type { ServerOptions } from 'node:https';
import { createSecureContext } from 'node:tls';
import { bankTlsServerOptions, generateServerTls } from '../../core/bank/index.js';
import type { TrustStore } from '../../core/bank/index.js';

export interface BankTlsFlags {
  tls: boolean;
  mtls: boolean;
  tlsCert?: string;
  tlsKey?: string;
  tlsCaOut?: string;
}

/** Thrown for a wrong command line; the bank command turns it into exit code 2. */
export class BankTlsUsageProblem extends Error {}

/** Checks the combination of TLS flags; --mtls and --tls-cert/--tls-key imply --tls. */
export function checkBankTlsFlags(
  values: Record<string, unknown>,
  trustCaCount: number,
): BankTlsFlags {
  const tlsCert = values['tls-cert'] as string | undefined;
  const tlsKey = values['tls-key'] as string | undefined;
  const tlsCaOut = values['tls-ca-out'] as string | undefined;
  const mtls = values.mtls === true;
  if ((tlsCert === undefined) !== (tlsKey === undefined))
    throw new BankTlsUsageProblem('--tls-cert and --tls-key go together');
  if (tlsCaOut !== undefined && tlsCert !== undefined)
    throw new BankTlsUsageProblem(
      '--tls-ca-out writes the CA of a server certificate made at start; with --tls-cert, give clients your own CA',
    );
  if (mtls && trustCaCount === 0)
    throw new BankTlsUsageProblem(
      '--mtls needs --trust-ca FILE: the CA that issued the TPP certificates (QWAC) to accept',
    );
  const tls = values.tls === true || mtls || tlsCert !== undefined || tlsCaOut !== undefined;
  const flags: BankTlsFlags = { tls, mtls };
  if (tlsCert !== undefined) flags.tlsCert = tlsCert;
  if (tlsKey !== undefined) flags.tlsKey = tlsKey;
  if (tlsCaOut !== undefined) flags.tlsCaOut = tlsCaOut;
  return flags;
}

export interface BankTlsSetup {
  https: ServerOptions & { key: string | Buffer; cert: string | Buffer };
  /** Where the generated test CA's certificate was written (--tls-ca-out). */
  caFile?: string;
}

/** The HTTPS options for the listener; undefined when the bank serves plain HTTP. */
export async function bankTlsSetup(
  flags: BankTlsFlags,
  trustStore: TrustStore,
  readFlagFile: (flag: string, path: string) => Promise<Buffer>,
): Promise<BankTlsSetup | undefined> {
  if (!flags.tls) return undefined;
  let key: string | Buffer;
  let cert: string | Buffer;
  let caFile: string | undefined;
  if (flags.tlsCert !== undefined) {
    cert = await readFlagFile('--tls-cert', flags.tlsCert);
    key = await readFlagFile('--tls-key', flags.tlsKey!);
  } else {
    const generated = await generateServerTls();
    ({ key, cert } = generated);
    if (flags.tlsCaOut !== undefined) {
      try {
        await writeFile(flags.tlsCaOut, generated.caPem);
      } catch (error) {
        throw new BankTlsUsageProblem(
          `--tls-ca-out ${flags.tlsCaOut}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
      }
      caFile = flags.tlsCaOut;
    }
  }
  // mTLS trusts exactly the bank's trust store: the CAs its production mode accepts QSealCs from.
  const clientCas = flags.mtls ? trustStore.pems() : undefined;
  let https;
  try {
    https = bankTlsServerOptions({ key, cert, ...(clientCas ? { clientCas } : {}) });
    createSecureContext(https); // a key that does not match the certificate is a usage problem
  } catch (error) {
    const files =
      flags.tlsCert !== undefined
        ? `--tls-cert ${flags.tlsCert} / --tls-key ${flags.tlsKey}: `
        : '';
    throw new BankTlsUsageProblem(`${files}${(error as Error).message}`);
  }
  return { https, ...(caFile !== undefined ? { caFile } : {}) };
}
