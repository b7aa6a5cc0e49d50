#!/usr/bin/env node
// CI security gate: an Electronegativity scan of main/ (offline: the check that fetches Electron's
// release list is excluded). Every HIGH or MEDIUM finding must be explained in SECURITY.md's
// table, matched by check id, file and the flagged source line; anything else fails the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;
const output = join(mkdtempSync(join(tmpdir(), 'electronegativity-')), 'findings.csv');
const bin = require.resolve('@doyensec/electronegativity/dist/index.js');
const run = spawnSync(
  process.execPath,
  [
    bin,
    '-i',
    'main',
    '-e',
    electronVersion,
    '-r',
    '-v',
    'false',
    '-p',
    'typescript',
    '-x',
    'AvailableSecurityFixesGlobalCheck',
    '-o',
    output,
  ],
  { encoding: 'utf8' },
);
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  console.error('security scan: electronegativity did not run');
  process.exit(1);
}

/** CSV rows of the report: issue, severity, confidence, filename, location, sample, description, url */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field.trim());
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else {
      field += c;
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows.slice(1).filter((r) => r.length >= 6);
}

const findings = parseCsv(readFileSync(output, 'utf8'))
  .map(([issue, severity, , file, location, sample]) => ({
    issue,
    severity,
    file,
    location,
    sample,
  }))
  .filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');

// SECURITY.md rows: | CHECK_ID | file | `sample` | explanation |
const explained = readFileSync('SECURITY.md', 'utf8')
  .split('\n')
  .map((line) => /^\|\s*([A-Z_]+)\s*\|\s*([^|]+?)\s*\|\s*`([^`]*)`\s*\|/.exec(line))
  .filter(Boolean)
  .map(([, issue, file, sample]) => ({ issue, file, sample }));

const unexplained = findings.filter(
  (f) => !explained.some((e) => e.issue === f.issue && e.file === f.file && e.sample === f.sample),
);
for (const f of findings) {
  const mark = unexplained.includes(f) ? 'UNEXPLAINED' : 'explained';
  console.log(
    `${mark.padEnd(11)} ${f.severity.padEnd(6)} ${f.issue} ${f.file}:${f.location} ${f.sample}`,
  );
}
if (unexplained.length > 0) {
  console.error(
    `security scan: ${unexplained.length} HIGH/MEDIUM finding(s) not explained in SECURITY.md`,
  );
  process.exit(1);
}
console.log(
  `security scan: ${findings.length} HIGH/MEDIUM finding(s), all explained in SECURITY.md`,
);
