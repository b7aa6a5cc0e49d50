/**
 * `workbench target init`: writes a target profile (main/core/runner/target-profile) for a bank,
 * complete for a `workbench bank` (from its URL and mode, or from the JSON line it printed with
 * `--json`), a skeleton to fill in for any other. `workbench target schema` prints the profile's
 * JSON Schema, for editors and for validating profiles in a pipeline.
 */
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  initTargetProfile,
  parseTargetProfile,
  targetProfileJsonSchemaText,
  TargetProfileError,
} from '../../core/runner/target-profile/index.js';
import { UsageError, type CliIo } from './io.js';
import { parseFlags } from './parse.js';
// `target init` points the admin token at the variable `workbench bank` reads it from: the profile
// never holds the token, and the bank and the run find the same one.
import { ADMIN_TOKEN_VARIABLE } from './bank-flags.js';
import type { CliCommand } from './command.js';
import type { BankMode } from '../../shared/mode.js';

/** How long `--bank-json` waits for the bank's line by default (`--wait SECONDS`). */
export const BANK_JSON_WAIT_SECONDS = 30;

const usage = `Usage: workbench target init (--bank-url URL --mode sandbox|production | --bank-json FILE [--wait S])
                             [--certs DIR] [--name NAME] --out FILE [--force]
       workbench target schema

init writes a target profile (JSON, docs/targets.md) for 'workbench run --target-file FILE' and
'workbench doctor --target-file FILE':
  --bank-url URL   the bank's API root; --mode its mode (checked before every run)
  --bank-json FILE the line 'workbench bank --json' printed: URL, mode, admin API and the
                   response-signing certificate (pinned as bankSigningCert) from it;
                   waits up to --wait seconds (default ${BANK_JSON_WAIT_SECONDS}) for a bank started with
                   'workbench bank --json > FILE &' to write it
  --certs DIR      the folder 'workbench certs create' wrote (default ./certs): QSealC, QWAC and
                   test CA (for an https URL), the AISP-only TPP if present
  --name NAME      shown in reports and the UI
  --out FILE       the profile to write; an existing file needs --force
With an admin API the profile names its token as \${env:${ADMIN_TOKEN_VARIABLE}}: set that
variable for the run (the token is printed in the bank's JSON line), the file keeps no secret.
schema prints the profile's JSON Schema (docs/schemas/target-profile.schema.json).`;

interface BankJsonLine {
  url: string;
  mode: BankMode;
  admin: { url: string; token: string } | null;
  /**
   * §5.2.7: the bank signs its answers, with the certificate in `certFile` (null: one it made at
   * start and did not write).
   */
  signsResponses?: { certFile: string | null };
}

/** The bank's JSON line in `text`, if a complete one is there. */
export function bankJsonLine(text: string): BankJsonLine | undefined {
  // A line the bank is still writing does not parse: the caller reads again.
  const line = text.split('\n').find((l) => l.trim().startsWith('{'));
  let data: Partial<BankJsonLine> | undefined;
  try {
    data = line ? (JSON.parse(line) as Partial<BankJsonLine>) : undefined;
  } catch {
    data = undefined;
  }
  if (
    !data ||
    typeof data.url !== 'string' ||
    (data.mode !== 'sandbox' && data.mode !== 'production')
  )
    return undefined;
  const signs = data.signsResponses;
  return {
    url: data.url,
    mode: data.mode,
    admin: data.admin ?? null,
    ...(signs && typeof signs === 'object'
      ? { signsResponses: { certFile: typeof signs.certFile === 'string' ? signs.certFile : null } }
      : {}),
  };
}

/**
 * Reads the line `workbench bank --json > FILE &` writes once it listens. The bank started in the
 * background may not have written it yet (or the shell not even created FILE), so this waits for
 * it, up to `waitMs`, and then names the file and what it holds.
 */
export async function readBankJson(
  file: string,
  waitMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<BankJsonLine> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let text: string | undefined;
    let problem: string;
    try {
      text = await readFile(file, 'utf8');
      const bank = bankJsonLine(text);
      if (bank) return bank;
      problem = `'${file}' holds no JSON line of 'workbench bank --json' (with url and mode)`;
    } catch (error) {
      problem = `cannot read '${file}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
    if (Date.now() >= deadline) {
      const waited = waitMs > 0 ? ` after waiting ${Number((waitMs / 1000).toFixed(1))} s` : '';
      const hint =
        text === undefined || text.trim() === ''
          ? ": is the bank running, with --json and its stdout sent to that file ('workbench bank --json > FILE &')?"
          : '';
      throw new UsageError(`--bank-json: ${problem}${waited}${hint}`);
    }
    await sleep(Math.min(100, Math.max(0, deadline - Date.now())));
  }
}

async function init(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(argv, {
    'bank-url': { type: 'string' },
    'bank-json': { type: 'string' },
    mode: { type: 'string' },
    certs: { type: 'string' },
    name: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    wait: { type: 'string' },
  });
  if (!values.out) throw new UsageError('--out FILE is required: where to write the profile');
  let bank: BankJsonLine;
  if (values['bank-json']) {
    if (values['bank-url'] || values.mode)
      throw new UsageError('--bank-json gives the URL and mode: leave out --bank-url and --mode');
    const wait = values.wait ?? String(BANK_JSON_WAIT_SECONDS);
    if (!/^\d+(\.\d+)?$/.test(wait))
      throw new UsageError(`--wait takes seconds (a number), not '${wait}'`);
    bank = await readBankJson(values['bank-json'], Number(wait) * 1000);
  } else {
    if (!values['bank-url'] || !values.mode)
      throw new UsageError(
        'give --bank-url URL and --mode sandbox|production, or --bank-json FILE',
      );
    if (values.mode !== 'sandbox' && values.mode !== 'production')
      throw new UsageError(`--mode must be sandbox or production, not '${values.mode}'`);
    bank = { url: values['bank-url'], mode: values.mode, admin: null };
  }
  let url: URL;
  try {
    url = new URL(bank.url);
  } catch {
    throw new UsageError(`--bank-url must be an absolute http(s) URL, not '${bank.url}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--bank-url must be an http: or https: URL, not '${bank.url}'`);
  const out = resolve(values.out);
  if (!values.force) {
    const present = await access(out).then(
      () => true,
      () => false,
    );
    if (present) throw new UsageError(`${values.out} exists; use --force to overwrite`);
  }
  const certsDir = resolve(values.certs ?? 'certs');
  const profile = await initTargetProfile({
    bankUrl: bank.url,
    mode: bank.mode,
    certsDir,
    profileDir: dirname(out),
    ...(values.name ? { name: values.name } : {}),
    ...(bank.admin
      ? { admin: { url: bank.admin.url, token: `\${env:${ADMIN_TOKEN_VARIABLE}}` } }
      : {}),
    // The signer the bank names is pinned (§5.2.7): a signature by anyone else is then invalid.
    ...(bank.signsResponses?.certFile
      ? { bankSigningCert: resolve(bank.signsResponses.certFile) }
      : {}),
  });
  const text = JSON.stringify(profile, null, 2) + '\n';
  // What is written must read back: the same schema the run uses (secrets are not needed here).
  try {
    parseTargetProfile(text, values.out, { env: new Proxy({}, { get: () => 'set' }) });
  } catch (error) {
    if (error instanceof TargetProfileError) throw new UsageError(error.message);
    throw error;
  }
  try {
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, text, { mode: 0o644 });
  } catch (error) {
    throw new UsageError(
      `--out: cannot write '${values.out}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  io.out(`Wrote ${values.out}: ${profile.mode} bank at ${profile.baseUrl}`);
  if (profile.bankSigningCert)
    io.out(`  the bank signs its answers: its certificate is pinned (bankSigningCert)`);
  else if (bank.signsResponses)
    io.out(
      `  the bank signs its answers with a certificate it did not write to a file, so no signer is pinned: SIGN-RESPONSE-SIGNATURE-VERIFIES can only WARN. Start it with --response-cert-out FILE (or --response-cert) and run target init again`,
    );
  if (bank.admin)
    io.out(`  admin API ${bank.admin.url}: set ${ADMIN_TOKEN_VARIABLE} to its token for the run`);
  io.out(`  next: workbench doctor --target-file ${values.out}`);
  return 0;
}

export const targetCommand: CliCommand = {
  name: 'target',
  summary: 'Write a target profile for a bank (init), or print the profile JSON Schema (schema).',
  usage,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'init') return init(rest, io);
    if (sub === 'schema') {
      parseFlags(rest, {});
      io.out(targetProfileJsonSchemaText().trimEnd());
      return 0;
    }
    throw new UsageError(
      sub === undefined
        ? "workbench target needs a subcommand: 'init' or 'schema'"
        : `workbench target: unknown subcommand '${sub}' (init, schema)`,
    );
  },
};
