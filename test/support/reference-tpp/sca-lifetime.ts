/**
 * The reference client's session flow (§3.4, §5.3(1)): a consent and its SCA, then the PSU's
 * identity read twice (GET /v1/user needs SCA in the TPP session). A call refused for want of SCA
 * carries a new scaRedirect: the app sends the PSU through it and only then calls again; a used
 * link is never opened again.
 */
import { request } from 'undici';
import type { ReferenceTppOptions } from '../reference-tpp.js';
import { consentWithSca, hrefOf, jsonOf, referenceApp, type Json } from './kit.js';

/** The whole flow; resolves with the number of API calls it made. */
export async function runReferenceScaLifetime(options: ReferenceTppOptions): Promise<number> {
  const app = referenceApp(options);
  const psu = {
    nationalIdentityNumber: options.nationalIdentityNumber,
    context: 'PRIVATE' as const,
  };
  const user = async (): Promise<Json> => {
    const exchange = await app.send('GET', '/v1/user');
    const scaRedirect =
      exchange.response?.status === 401
        ? hrefOf((exchange.response.json as Json | undefined)?._links, 'scaRedirect')
        : undefined;
    if (scaRedirect === undefined) return jsonOf(exchange, 200);
    if (!options.faults?.repeatsExpiredScaCall) await app.sca(scaRedirect, psu);
    return jsonOf(await app.send('GET', '/v1/user'), 200);
  };
  try {
    const { scaRedirect } = await consentWithSca(app, { ...psu, accounts: 'all' });
    if (options.faults?.replaysScaLink) await (await request(scaRedirect)).body.dump();
    await user();
    await user();
    return app.calls();
  } finally {
    await app.close();
  }
}
