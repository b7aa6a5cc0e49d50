/**
 * What every flow of the reference TPP client shares: its signed client with a PSU session of its
 * own, reading the bank's answers, and taking the PSU through an SCA the way a TPP stores what the
 * redirect returned (§5.3(8), §1).
 */
import { TppClient, type SigningIdentity } from '../../../main/core/tpp/client.js';
import { runPsuAgent } from '../../../main/core/tpp/psu-agent/agent.js';
import type { AgentIntent } from '../../../main/core/tpp/psu-agent/script.js';
import { newPsuSession, type PsuSession } from '../../../main/core/tpp/psu-session.js';
import type { Exchange } from '../../../main/shared/exchange.js';
import type { ScaRedirectParams } from '../../../main/core/tpp/sca-redirect.js';

export const REFERENCE_REDIRECT_URI = 'https://reference-tpp.example/callback';

export type Json = Record<string, unknown>;

/** The bank answered what a correct app does not expect: the flow stops here. */
export class ReferenceTppError extends Error {
  override readonly name = 'ReferenceTppError';
}

export const jsonOf = (exchange: Exchange, expected: number): Json => {
  const status = exchange.response?.status;
  if (status !== expected)
    throw new ReferenceTppError(
      `${exchange.request.method} ${exchange.request.url}: expected ${expected}, got ${status ?? exchange.error}`,
    );
  return exchange.response!.json as Json;
};

export const hrefOf = (links: unknown, relation: string): string | undefined =>
  ((links as Record<string, { href?: unknown }> | undefined)?.[relation]?.href as string) ??
  undefined;

/** A flow's app: one PSU session, one client, the API calls it made counted. */
export interface ReferenceApp {
  session: PsuSession;
  send(
    method: string,
    path: string,
    body?: object,
    headers?: Record<string, string>,
  ): Promise<Exchange>;
  /**
   * The PSU through the SCA at `scaRedirect`; on success the session keeps the PSU-ID and
   * PSU-Corporate-ID the redirect returned. Returns what the redirect carried.
   */
  sca(
    scaRedirect: string,
    intent: AgentIntent,
  ): Promise<{ psuId: string; psuCorporateId?: string }>;
  /** The PSU through the SCA as `sca` does, a §6.2 failure returned instead of thrown. */
  authorise(scaRedirect: string, intent: AgentIntent): Promise<ScaRedirectParams>;
  calls(): number;
  close(): Promise<void>;
}

export function referenceApp(options: {
  baseUrl: string;
  signing: SigningIdentity;
  /** The TPP-Redirect-URI the app sends; REFERENCE_REDIRECT_URI by default. */
  redirectUri?: string;
}): ReferenceApp {
  const session = newPsuSession(options.redirectUri ?? REFERENCE_REDIRECT_URI);
  const client = new TppClient({
    baseUrl: options.baseUrl,
    signing: options.signing,
    session: () => session,
  });
  let calls = 0;
  const authorise: ReferenceApp['authorise'] = async (scaRedirect, intent) => {
    const { redirect } = await runPsuAgent(scaRedirect, intent);
    if (redirect.outcome !== 'success') return redirect;
    session.psuId = redirect.psuId;
    if (redirect.psuCorporateId) session.psuCorporateId = redirect.psuCorporateId;
    else delete session.psuCorporateId;
    return redirect;
  };
  return {
    session,
    send(method, path, body, headers = {}) {
      calls++;
      return client.send({ method, path, headers, ...(body ? { body } : {}) });
    },
    authorise,
    async sca(scaRedirect, intent) {
      const redirect = await authorise(scaRedirect, intent);
      if (redirect.outcome !== 'success')
        throw new ReferenceTppError(`the SCA ended ${redirect.outcome}`);
      return {
        psuId: redirect.psuId,
        ...(redirect.psuCorporateId ? { psuCorporateId: redirect.psuCorporateId } : {}),
      };
    },
    calls: () => calls,
    close: () => client.close(),
  };
}

/**
 * POST /v1/consents and the PSU through its SCA; the consent's status read after it. Resolves
 * with the consent's id and the scaRedirect the PSU used.
 */
export async function consentWithSca(
  app: ReferenceApp,
  intent: AgentIntent,
): Promise<{ consentId: string; scaRedirect: string }> {
  const consent = jsonOf(await app.send('POST', '/v1/consents', {}), 201);
  const scaRedirect = hrefOf(consent._links, 'scaRedirect');
  if (!scaRedirect) throw new ReferenceTppError('the consent answer has no scaRedirect link');
  await app.sca(scaRedirect, intent);
  const consentId = String(consent.consentId);
  const status = jsonOf(await app.send('GET', `/v1/consents/${consentId}/status`), 200);
  if (status.consentStatus !== 'valid')
    throw new ReferenceTppError(`the consent is ${String(status.consentStatus)} after the SCA`);
  return { consentId, scaRedirect };
}
