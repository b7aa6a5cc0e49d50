/** Entry of `npm run web`: the same as `workbench web`. */
import { runCli } from './hosts/cli/index.js';
import { endQuietlyOnClosedPipe, processIo } from './hosts/cli/io.js';

endQuietlyOnClosedPipe();
process.exitCode = await runCli(['web', ...process.argv.slice(2)], processIo);
