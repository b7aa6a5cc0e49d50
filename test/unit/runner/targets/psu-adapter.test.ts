/**
 * PSU passwords from a target profile (psus[].password): a secret read from the environment (so
 * every report redacts it), handed to the PSU script as `${password}` for that PSU's login only.
 */
import { describe, expect, it } from 'vitest';
import { agentIntentOf } from '../../../../main/core/runner/targets/psu-adapter';
import { parseTargetProfileSecrets } from '../../../../main/core/runner/target-profile/index';
import { psuVariablesOf } from '../../../../main/core/tpp/psu-agent/play';

describe('PSU passwords', () => {
  it('are the PSU script`s ${password} for their own login, empty for another', () => {
    const passwords = { '01017012345': 'hunter2' };
    expect(psuVariablesOf(agentIntentOf({ login: '01017012345' }, passwords)).password).toBe(
      'hunter2',
    );
    expect(psuVariablesOf(agentIntentOf({ login: '02028012345' }, passwords)).password).toBe('');
  });

  it('come from the environment and are secrets of the run', () => {
    const { profile, secrets } = parseTargetProfileSecrets(
      JSON.stringify({
        profileVersion: 1,
        baseUrl: 'https://bank.example',
        mode: 'production',
        signing: { keystore: 'TPP QSealC' },
        psus: { private: [{ login: '01017012345', password: '${env:PSU_PASSWORD}' }] },
      }),
      'p.json',
      { env: { PSU_PASSWORD: 'hunter2' } },
    );
    expect(profile.psus?.private[0]?.password).toBe('hunter2');
    expect(secrets).toContain('hunter2');
  });
});
