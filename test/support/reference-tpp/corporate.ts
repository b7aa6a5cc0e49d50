/**
 * The reference client's corporate flow (§1): a consent whose SCA the PSU gives for a corporate
 * agreement, then the accounts of that agreement read with the PSU-ID and PSU-Corporate-ID the
 * redirect returned (§5.3(8)).
 */
import { randomUUID } from 'node:crypto';
import type { ReferenceTppOptions } from '../reference-tpp.js';
import { ReferenceTppError, consentWithSca, jsonOf, referenceApp, type Json } from './kit.js';

/** The whole flow; resolves with the number of API calls it made. */
export async function runReferenceCorporate(
  options: ReferenceTppOptions & { agreementName: string },
): Promise<number> {
  const app = referenceApp(options);
  try {
    await consentWithSca(app, {
      nationalIdentityNumber: options.nationalIdentityNumber,
      context: { agreementName: options.agreementName },
      accounts: 'all',
    });
    if (app.session.psuCorporateId === undefined)
      throw new ReferenceTppError('the redirect after a corporate SCA carried no psu-corporate-id');
    if (options.faults?.wrongCorporateId) app.session.psuCorporateId = randomUUID();
    const accounts = jsonOf(await app.send('GET', '/v1/accounts'), 200).accounts as Json[];
    for (const account of accounts)
      jsonOf(await app.send('GET', `/v1/accounts/${String(account.resourceId)}/balances`), 200);
    return app.calls();
  } finally {
    await app.close();
  }
}
