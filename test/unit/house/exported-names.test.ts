/**
 * One name per thing: an exported name is declared in one file of the source roots, so a reader
 * who meets it knows which thing it is (docs/architecture.md "Names"). A name two files export is
 * either two meanings under one name (rename one) or one meaning written twice (keep one source).
 * The names still declared twice are listed below with what they mean in each file; the list may
 * only shrink, and every entry must still be true.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['main', 'renderer/src', 'suites', 'preload'];

/**
 * Each suite area's index exports its `checks`: the registry imports every area's list by that one
 * name (suites/registry.ts), so the name means the same in each.
 */
const ONE_NAME_BY_DESIGN = new Set(['checks']);

/** Declared in more than one file today, each with the files that declare it. Only shrinks. */
const NOT_YET_ONE: Readonly<Record<string, string>> = {
  // The bank's entities against the suites' reading of the same answers over HTTP (the suites
  // never import the bank).
  privateAgreementOf: 'main/core/bank/domain/parties.ts suites/sandbox-management/sandbox-api.ts',
  completeSca: 'main/core/bank/domain/sessions.ts suites/kit/sca.ts',
  getUser: 'main/core/bank/handlers/user.ts suites/kit/sca.ts',
  createSandboxAccount:
    'main/core/bank/handlers/sandbox/accounts.ts suites/kit/account-information.ts',
  bankDay: 'main/core/bank/domain/ids.ts suites/kit/dates.ts',
  norwegianIban: 'main/core/bank/domain/ids.ts suites/kit/account-numbers.ts',
  DAY_MS: 'renderer/src/lib/bank-clock.ts suites/kit/dates.ts',
  // Two suites' own helpers of the same name.
  accountTransactionChecks:
    'suites/account-transactions/checks.ts suites/sandbox-management/account-transactions.ts',
  accountTransactionsPath:
    'suites/kit/account-information.ts suites/sandbox-management/sandbox-api.ts',
  cardTransactionsPath:
    'suites/kit/account-information.ts suites/sandbox-management/card-transaction-items.ts',
  expectRefused: 'suites/kit/payments.ts suites/sandbox-management/sandbox-api.ts',
  answered: 'main/core/bank/plans/modules/window.ts suites/kit/controls.ts',
  call: 'main/api/contract/define.ts suites/sandbox-management/sandbox-api.ts',
  // A view's component named as the thing it shows.
  RequestLog:
    'main/core/bank/log/request-log.ts renderer/src/features/bank/components/RequestLog.tsx',
  StorageNotices: 'main/api/services/app/stored-files.ts renderer/src/app/StorageNotices.tsx',
  ReportFormat:
    'main/core/runner/session/report-files.ts renderer/src/features/runner/runner-state.ts',
  CredentialInput: 'main/api/contract/targets.ts renderer/src/state/targets-store.ts',
  SettingsView:
    'main/api/contract/settings.ts renderer/src/features/settings/components/SettingsView.tsx',
  ProfileForm:
    'main/api/contract/targets.ts renderer/src/features/targets/components/ProfileForm.tsx',
  CoverageMap:
    'renderer/src/features/runner/components/CoverageMap.tsx renderer/src/features/runner/coverage-map.ts',
  // Helpers of one word in different rooms.
  TargetClient: 'main/api/services/tpp/target-client.ts main/core/runner/check-api/index.ts',
  describeCertificate: 'main/core/certs/describe.ts main/core/tpp/response-signature.ts',
  issueCertificate: 'main/api/services/certs/issuing.ts main/core/certs/certificate-builder.ts',
  escapeHtml: 'main/core/bank/handlers/sca/pages/html.ts main/core/runner/reporters/escape.ts',
  exchangeView: 'main/api/services/bank/bank-service.ts main/api/services/tpp/history.ts',
  link: 'main/core/bank/handlers/ais/common.ts main/core/bank/handlers/payments/shapes.ts main/core/bank/handlers/sca/apiShapes.ts',
  linksOf: 'main/core/bank/log/tpp-findings/links.ts renderer/src/lib/links.ts',
  viewOf: 'main/core/bank/handlers/ais/common.ts main/hosts/electron/desktop-state.ts',
};

/** Every exported declaration's name in `file` (an overload's repeated name counted once). */
function exportedNames(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (
      !ts
        .getModifiers(statement as ts.HasModifiers)
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      continue;
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      names.add(statement.name.text);
  }
  return names;
}

const sourceFiles = execFileSync('git', ['ls-files', ...ROOTS], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));

/** Each exported name declared in more than one of `files`, with those files. */
function declaredTwice(files: readonly string[]): Map<string, string[]> {
  const declaredIn = new Map<string, string[]>();
  for (const file of files)
    for (const name of exportedNames(file))
      declaredIn.set(name, [...(declaredIn.get(name) ?? []), file]);
  return new Map(
    [...declaredIn].filter(([name, where]) => where.length > 1 && !ONE_NAME_BY_DESIGN.has(name)),
  );
}

describe('exported names', () => {
  const twice = declaredTwice(sourceFiles);

  it('are declared in one file each, but for the listed ones', () => {
    const unlisted = [...twice].filter(([name]) => !Object.hasOwn(NOT_YET_ONE, name));
    expect(unlisted.map(([name, where]) => `${name}: ${where.join(' ')}`)).toEqual([]);
  });

  it('list only names still declared twice, in the files they name', () => {
    const stale = Object.entries(NOT_YET_ONE).filter(
      ([name, files]) => twice.get(name)?.join(' ') !== files,
    );
    expect(stale.map(([name]) => name)).toEqual([]);
  });

  it('finds a name planted in a second file, and not an overload', () => {
    const folder = mkdtempSync(join(tmpdir(), 'exported-names-'));
    const planted = join(folder, 'planted.ts');
    writeFileSync(
      planted,
      'export type RuleId = number;\nexport function f(a: string): string;\n' +
        'export function f(a: number): number;\nexport function f(a: unknown) { return a; }\n',
    );
    try {
      const found = declaredTwice([...sourceFiles, planted]);
      expect(found.get('RuleId')).toEqual(['main/shared/rule-ids.ts', planted]);
      expect(found.has('f')).toBe(false);
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
});
