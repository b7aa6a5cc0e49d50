/** Entry of `npm run web`: the same as `workbench web`. */
import { runCli } from './hosts/cli/index.js';
import { processIo } from './hosts/cli/io.js';

process.exitCode = await runCli(['web', ...process.argv.slice(2)], processIo);
