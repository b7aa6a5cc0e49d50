/**
 * What a target profile says reaches the checks: a QSealC from PKCS#12, the AISP-only TPP, and
 * the PSUs to log in as (psus), against a long-running production bank by URL.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';
import { exportPkcs12 } from '../../../main/core/certs/index';
import {
  createTppIdentity,
  registerSuitesTpps,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { runSession } from '../../../main/core/runner/session/index';
import { suitesPlan } from '../../support/session-plan';
import {
  loadTargetProfile,
  TARGET_PROFILE_VERSION,
  type TargetProfile,
} from '../../../main/core/runner/target-profile/index';
import { CHECKS } from '../../../suites/index';
import { TEST_KEY_PROTECTION_COST } from '../../support/key-protection-cost';

const OLA = { login: '15038512363', name: 'Ola Nordmann' };
const KARI = { login: '62079045611', name: 'Kari Nordmann' };
const REPRESENTATIVE = {
  login: '15038512363',
  agreement: { name: 'Nordlys Rørlegger AS', id: 'agr-20000001' },
};

let dir: string;
let bank: Bank;
let url: string;
let identity: TppIdentity;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-target-'));
  identity = await createTppIdentity();
  await writeFile(
    join(dir, 'qsealc.p12'),
    exportPkcs12({
      privateKey: identity.qsealc.privateKey,
      certificates: [identity.qsealc.certificateDer],
      passphrase: 'p12 passphrase',
      cost: TEST_KEY_PROTECTION_COST,
    }),
  );
  await writeFile(join(dir, 'aisp.pem'), identity.aispOnly.qsealc.certificatePem);
  await writeFile(
    join(dir, 'aisp.key.pem'),
    identity.aispOnly.qsealc.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  );
  bank = createBank({ mode: 'production', clock: new VirtualClock() });
  registerSuitesTpps(bank, identity);
  url = (await bank.listen()).url;
});
afterAll(async () => {
  await bank.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(psus: TargetProfile['psus'], ids: string[]) {
  const loaded = await loadTargetProfile(
    {
      profileVersion: TARGET_PROFILE_VERSION,
      baseUrl: url,
      mode: 'production',
      signing: { pkcs12: 'qsealc.p12', passphrase: 'p12 passphrase' },
      aispOnlyTpp: { signing: { certificate: 'aisp.pem', key: 'aisp.key.pem' } },
      ...(psus ? { psus } : {}),
      sca: { mode: 'headless' },
    },
    { source: 'test profile', baseDir: dir },
  );
  const plan = suitesPlan({ kind: 'profile', loaded }, { selection: { ids } });
  return (await runSession(plan)).result;
}

const CONSENT_CHECKS = CHECKS.filter(
  (check) => check.area === 'consent' && (!check.modes || check.modes.includes('production')),
).map((check) => check.id);

describe('a target profile reaches the checks', () => {
  it('signs with a PKCS#12 QSealC and logs in as the profile PSUs, in either order', async () => {
    const result = await run({ private: [KARI, OLA], corporate: [REPRESENTATIVE] }, [
      ...CONSENT_CHECKS,
      'GEN-ROLE-MUST-BE-REGISTERED',
    ]);
    expect(result.checks.filter((c) => c.status === 'FAIL').map((c) => c.checkId)).toEqual([]);
    expect(result.checks.find((c) => c.checkId === 'GEN-ROLE-MUST-BE-REGISTERED')?.status).toBe(
      'PASS',
    );
    expect(result.counts.PASS).toBeGreaterThan(5);
  }, 120_000);

  it('uses the profile PSUs and no others: a login the bank does not know fails the SCA', async () => {
    const result = await run({ private: [{ login: '01010199999' }, KARI] }, CONSENT_CHECKS);
    const failed = result.checks.filter((c) => c.status === 'FAIL');
    expect(failed.length).toBeGreaterThan(0);
    for (const check of failed) expect(check.failure?.message, check.checkId).toMatch(/PSU/);
  }, 120_000);

  it('skips a check that needs a second PSU the profile does not name, saying so', async () => {
    const result = await run({ private: [OLA] }, CONSENT_CHECKS);
    const skipped = result.checks.filter((c) =>
      (c.skipReason ?? '').includes('names fewer than 2 private PSUs (psus.private)'),
    );
    expect(result.checks.filter((c) => c.status === 'FAIL')).toEqual([]);
    // Every consent check asks for two people (testPeople): none may run on one.
    expect(skipped.map((c) => c.checkId).sort()).toEqual(
      result.checks
        .filter(
          (c) => c.status !== 'PASS' && !(c.skipReason ?? '').startsWith('needs the bank clock'),
        )
        .map((c) => c.checkId)
        .sort(),
    );
    expect(skipped.length).toBeGreaterThan(0);
  }, 120_000);
});
