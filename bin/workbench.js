#!/usr/bin/env node
// The `workbench` command: runs the built CLI (out/main/cli.js). Build it once with `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../out/main/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write(
    "workbench: not built yet. Run 'npm run build' in the workbench folder first.\n",
  );
  process.exit(2);
}
await import(cli.href);
