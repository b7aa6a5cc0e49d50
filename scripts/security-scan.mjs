#!/usr/bin/env node
// CI security gate: an Electronegativity scan of main/ (offline: the check that fetches Electron's
// release list is excluded). Every finding must be explained in SECURITY.md's table, matched by
// check id, file and the flagged source line; anything else fails the run. The SARIF report is
// read (its CSV report garbles its first row).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const output = join(mkdtempSync(join(tmpdir(), 'electronegativity-')), 'findings.sarif');
const bin = require.resolve('@doyensec/electronegativity/dist/index.js');
const args = [bin, '-i', 'main', '-e', electronVersion, '-r', '-v', 'false', '-p', 'typescript'];
const run = spawnSync(
  process.execPath,
  [...args, '-x', 'AvailableSecurityFixesGlobalCheck', '-o', output],
  { encoding: 'utf8' },
);
if (run.status !== 0 || !existsSync(output)) {
  console.error(run.stdout, run.stderr);
  console.error('security scan: electronegativity did not run');
  process.exit(1);
}

const results = JSON.parse(readFileSync(output, 'utf8')).runs?.[0]?.results ?? [];
const findings = results.map((result) => {
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

// SECURITY.md rows: | CHECK_ID | file | `sample` | explanation |
const explained = readFileSync('SECURITY.md', 'utf8')
  .split('\n')
  .map((row) => /^\|\s*([A-Z_]+)\s*\|\s*([^|]+?)\s*\|\s*`([^`]*)`\s*\|/.exec(row))
  .filter(Boolean)
  .map(([, issue, file, sample]) => ({ issue, file, sample }));

const unexplained = findings.filter(
  (f) => !explained.some((e) => e.issue === f.issue && e.file === f.file && e.sample === f.sample),
);
for (const f of findings) {
  const mark = unexplained.includes(f) ? 'UNEXPLAINED' : 'explained';
  console.log(`${mark.padEnd(11)} ${f.issue} ${f.file}:${f.line} ${f.sample}`);
}
if (findings.length === 0 && results.length === 0) {
  console.log('security scan: no findings');
} else if (unexplained.length > 0) {
  console.error(`security scan: ${unexplained.length} finding(s) not explained in SECURITY.md`);
  process.exit(1);
} else {
  console.log(`security scan: ${findings.length} finding(s), all explained in SECURITY.md`);
}
