/** Entry of the `workbench` command (bin/workbench.js loads the built copy of this file). */
import { runCli } from './hosts/cli/index.js';
import { processIo } from './hosts/cli/io.js';

process.exitCode = await runCli(process.argv.slice(2), processIo);
