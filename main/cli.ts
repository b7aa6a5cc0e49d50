/** Entry of the `workbench` command (bin/workbench.js loads the built copy of this file). */
import { runCli } from './hosts/cli/index.js';
import { endQuietlyOnClosedPipe, processIo } from './hosts/cli/io.js';

endQuietlyOnClosedPipe();
process.exitCode = await runCli(process.argv.slice(2), processIo);
