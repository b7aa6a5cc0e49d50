/**
 * The CLI's command table. Each command is a thin shell over main/core or main/api: no second
 * runner, no copy of the request pipeline (design property 1 of docs/architecture.md).
 */
import type { CliCommand } from './command.js';
import { bankCommand } from './bank-command.js';
import { certsCommand } from './certs-command.js';
import { collectionCommand } from './collection-command.js';
import { compareCommand } from './compare-command.js';
import { doctorCommand } from './doctor-command.js';
import { requestCommand } from './request-command.js';
import { rulesCommand } from './rules-command.js';
import { runCommand } from './run-command.js';
import { targetCommand } from './target-command.js';
import { verifyBundleCommand } from './verify-bundle-command.js';
import { webCommand } from './web-command.js';

export const commands: CliCommand[] = [
  bankCommand,
  certsCommand,
  collectionCommand,
  compareCommand,
  doctorCommand,
  requestCommand,
  rulesCommand,
  runCommand,
  targetCommand,
  verifyBundleCommand,
  webCommand,
];
