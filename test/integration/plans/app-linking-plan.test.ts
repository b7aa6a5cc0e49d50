/**
 * The app-linking TPP plan (docs/tpp-plans.md): the reference client's redirect URI lives on a
 * loopback site of the test; the bank judges, when the module finishes, the app-site bindings
 * that site publishes (§5.3(6)). A site with valid files passes; one with none, or a malformed
 * one, fails naming what was wrong; an app that sends nothing gets NOT_EXERCISED.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_LINKING_PLAN, type PlanModuleView } from '../../../main/core/bank/index.js';
import {
  ReferenceTppError,
  runReferenceAppLinking,
  startReferenceSite,
  type ReferenceFaults,
} from '../../support/reference-tpp.js';
import type { SiteFile } from '../../support/reference-tpp/app-linking.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { OLA } from '../sca/harness.js';
import { startPlanBank } from './plan-harness.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** The module played against the reference app whose site has `faults` (or serves `files`). */
async function play(
  faults: ReferenceFaults | 'nothing',
  files?: Record<string, SiteFile>,
): Promise<{ view: PlanModuleView; requested: string[] }> {
  const site = await startReferenceSite({
    ...(faults !== 'nothing' ? { faults } : {}),
    ...(files ? { files } : {}),
  });
  closing.push(site.close);
  const bank = await startPlanBank(APP_LINKING_PLAN, pki);
  closing.push(bank.close);
  const view = await bank.play('APP-SITE-BINDINGS', async () => {
    if (faults === 'nothing') return;
    await runReferenceAppLinking({
      baseUrl: bank.baseUrl,
      signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      faults,
      redirectUri: site.redirectUri,
    }).catch((error: unknown) => {
      if (!(error instanceof ReferenceTppError)) throw error;
    });
  });
  return { view, requested: site.requested };
}

describe('the app-linking plan', () => {
  it('passes the reference app whose site binds its redirect path, fetched when the module finishes', async () => {
    const { view, requested } = await play({});
    expect(view.result?.status, view.result?.text).toBe('PASS');
    expect(view.result!.text).toMatch(/applinks binds \/psd2\/callback/);
    expect(view.result!.rules).toEqual([{ id: 'TPP-APP-SITE-BINDINGS', passes: 1, failures: 0 }]);
    expect([...requested].sort()).toEqual([
      '/.well-known/apple-app-site-association',
      '/.well-known/assetlinks.json',
    ]);
  });

  it('fails an app whose site publishes neither binding, naming both answers', async () => {
    const { view } = await play({ noSiteBindings: true });
    expect(view.result?.status).toBe('FAIL');
    expect(view.result!.text).toMatch(/TPP-APP-SITE-BINDINGS \(§5\.3\(6\)\) broken/);
    expect(view.result!.text).toMatch(/publishes neither binding/);
    expect(view.result!.text).toMatch(/assetlinks\.json answered status 404/);
  });

  it('fails a site whose one valid file sits beside a malformed one', async () => {
    const { view } = await play(
      {},
      {
        '/.well-known/assetlinks.json': {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: '{"relation": [',
        },
      },
    );
    expect(view.result?.status).toBe('FAIL');
    expect(view.result!.text).toMatch(/assetlinks\.json is not JSON/);
  });

  it('fails a binding file served after a redirect', async () => {
    const { view } = await play(
      {},
      {
        '/.well-known/apple-app-site-association': {
          status: 301,
          headers: { location: '/apple-app-site-association' },
        },
      },
    );
    expect(view.result?.status).toBe('FAIL');
    expect(view.result!.text).toMatch(
      /answered 301 \(a redirect to \/apple-app-site-association\)/,
    );
  });

  it('gives an app that sends nothing NOT_EXERCISED, and fetches nothing', async () => {
    const { view, requested } = await play('nothing');
    expect(view.result?.status).toBe('NOT_EXERCISED');
    expect(view.result!.text).toMatch(/sent no request/);
    expect(requested).toEqual([]);
  });
});
