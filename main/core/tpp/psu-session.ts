/**
 * What the TPP knows about the PSU it acts for (§5.3.8, §6.1): the TPP-Session-ID that governs the
 * SCA (§3.4), where the bank redirects after SCA, and the PSU identity the redirect delivered.
 * The client fills the matching headers from it on every request.
 */
import { randomUUID } from 'node:crypto';
import type { PsuContext } from '../spec/enums.js';

export interface PsuSession {
  tppSessionId: string;
  tppRedirectUri: string;
  psuId?: string;
  /** Only after SCA in corporate context (§1): then sent with PSU-ID on every call. */
  psuCorporateId?: string;
  context?: PsuContext;
  /** Forwarded PSU IP (§4.1); calls without it are limited (§8). */
  psuIpAddress?: string;
  /** When the last SCA of this session completed (ISO 8601, bank's redirect time as seen here). */
  scaCompletedAt?: string;
}

export function newPsuSession(tppRedirectUri: string, init: Partial<PsuSession> = {}): PsuSession {
  return { tppSessionId: randomUUID(), tppRedirectUri, ...init };
}

/** The §4.1 TPP and PSU headers this session supplies. */
export function sessionHeaders(session: PsuSession): Record<string, string> {
  const headers: Record<string, string> = {
    'TPP-Session-ID': session.tppSessionId,
    'TPP-Redirect-URI': session.tppRedirectUri,
  };
  if (session.psuId) headers['PSU-ID'] = session.psuId;
  if (session.psuCorporateId) headers['PSU-Corporate-ID'] = session.psuCorporateId;
  if (session.psuIpAddress) headers['PSU-IP-Address'] = session.psuIpAddress;
  return headers;
}
