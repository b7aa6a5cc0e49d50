#!/usr/bin/env node
// CI security gate: an Electronegativity scan of main/ (offline: the check that fetches Electron's
// release list is excluded). Every finding must be explained in SECURITY.md's table, matched by
// check id, file and the flagged source line; anything else fails the run. A row that no finding
// matches any more fails it too: the table cannot go stale (test/unit/hosts/security-scan.test.ts
// runs the same comparison). The SARIF report is read (its CSV report garbles its first row).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Electronegativity's findings: { issue, file (relative to main/ or N/A), line, sample }. */
export function scanFindings() {
  const electronVersion = require('electron/package.json').version;
  const dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  const output = join(dir, 'findings.sarif');
  const bin = require.resolve('@doyensec/electronegativity/dist/index.js');
  const args = [bin, '-i', 'main', '-e', electronVersion, '-r', '-v', 'false', '-p', 'typescript'];
  try {
    const run = spawnSync(
      process.execPath,
      [...args, '-x', 'AvailableSecurityFixesGlobalCheck', '-o', output],
      { encoding: 'utf8' },
    );
    if (run.status !== 0 || !existsSync(output)) {
      throw new Error(`electronegativity did not run:\n${run.stdout}\n${run.stderr}`);
    }
    const results = JSON.parse(readFileSync(output, 'utf8')).runs?.[0]?.results ?? [];
    return results.map((result) => {
      const location = result.locations?.[0]?.physicalLocation;
      const uri = location?.artifactLocation?.uri ?? '';
      const line = location?.region?.startLine ?? 0;
      const inSource = uri !== '' && !uri.startsWith('file:') && existsSync(join('main', uri));
      return {
        issue: result.ruleId,
        file: inSource ? uri : 'N/A',
        line,
        // The flagged code, from the file itself: what SECURITY.md's table quotes.
        sample: inSource
          ? (readFileSync(join('main', uri), 'utf8').split('\n')[line - 1] ?? '').trim()
          : 'N/A',
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SECURITY.md rows: | CHECK_ID | file | `sample` | explanation | */
export function explainedRows(markdown) {
  return markdown
    .split('\n')
    .map((row) => /^\|\s*([A-Z_]+)\s*\|\s*([^|]+?)\s*\|\s*`([^`]*)`\s*\|/.exec(row))
    .filter(Boolean)
    .map(([, issue, file, sample]) => ({ issue, file, sample }));
}

/** Findings no row explains, and rows no finding needs (stale). */
export function compareWithRows(findings, rows) {
  const same = (f, r) => r.issue === f.issue && r.file === f.file && r.sample === f.sample;
  return {
    unexplained: findings.filter((f) => !rows.some((r) => same(f, r))),
    stale: rows.filter((r) => !findings.some((f) => same(f, r))),
  };
}

function main() {
  let findings;
  try {
    findings = scanFindings();
  } catch (error) {
    console.error(`security scan: ${error.message}`);
    process.exit(1);
  }
  const rows = explainedRows(readFileSync('SECURITY.md', 'utf8'));
  const { unexplained, stale } = compareWithRows(findings, rows);
  for (const f of findings) {
    const mark = unexplained.includes(f) ? 'UNEXPLAINED' : 'explained';
    console.log(`${mark.padEnd(11)} ${f.issue} ${f.file}:${f.line} ${f.sample}`);
  }
  for (const r of stale) console.log(`STALE       ${r.issue} ${r.file} ${r.sample}`);
  if (unexplained.length > 0 || stale.length > 0) {
    if (unexplained.length > 0)
      console.error(`security scan: ${unexplained.length} finding(s) not explained in SECURITY.md`);
    if (stale.length > 0)
      console.error(
        `security scan: ${stale.length} SECURITY.md row(s) match no finding: remove them`,
      );
    process.exit(1);
  }
  console.log(
    findings.length === 0
      ? 'security scan: no findings'
      : `security scan: ${findings.length} finding(s), all explained in SECURITY.md`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
