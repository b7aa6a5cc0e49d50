/**
 * The whole check catalogue against a bank by URL, with the admin API on (so the clock checks
 * run too): what the durable engines' tests run (change-tracking.test.ts, postgres/).
 */
import { CHECKS } from '../../../suites/index';
import type { BankMode } from '../../../main/core/runner/check-api/index';
import { runChecks, type RunResult } from '../../../main/core/runner/index';
import {
  registerSuitesTpps,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { createSuitePsuAgent } from '../../../main/core/runner/targets/psu-adapter';
import { createAdminApi } from '../../../main/core/bank/admin/admin-api';
import type { Bank } from '../../../main/core/bank/index';
import { MAX_REQUEST_BODY_BYTES } from '../../../main/core/spec/limits';
import type { VirtualClock } from '../../../main/core/clock';

const TOKEN = 'catalogue-run-admin-token';

/** Runs every check against `bank` (listening for the run, closed after); its FAILs as lines. */
export async function runCatalogue(
  bank: Bank,
  clock: VirtualClock,
  mode: BankMode,
  identity: TppIdentity,
): Promise<{ result: RunResult; failed: string[] }> {
  if (mode === 'production') registerSuitesTpps(bank, identity);
  const listener = await bank.listen({
    intercept: createAdminApi({ bank, clock, token: TOKEN, maxBodyBytes: MAX_REQUEST_BODY_BYTES }),
  });
  try {
    const target = externalTarget({
      baseUrl: listener.url,
      mode,
      signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
      aispOnlySigning: {
        key: identity.aispOnly.qsealc.privateKey,
        certificate: identity.aispOnly.qsealc.certificateDer,
      },
      psuAgent: createSuitePsuAgent,
      admin: { url: `${listener.url}/admin`, token: TOKEN },
    });
    const result = await runChecks({
      checks: CHECKS,
      target: target.info,
      concurrency: 4,
      createEnvironment: (_check, signal) => target.createEnvironment(signal),
      logger: { error: () => {} },
    });
    const failed = result.checks
      .filter((r) => r.status === 'FAIL')
      .map((r) => `${r.checkId}: ${r.failure?.message}`);
    return { result, failed };
  } finally {
    await bank.close();
    await bank.flush();
  }
}
