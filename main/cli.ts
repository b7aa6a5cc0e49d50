/** Entry of the `workbench` command (bin/workbench.js loads the built copy of this file). */
import { runEntry } from './hosts/cli/entry.js';
import { endQuietlyOnClosedPipe, processIo } from './hosts/cli/io.js';

endQuietlyOnClosedPipe();
process.exitCode = await runEntry(process.argv.slice(2), processIo);
