/** An exchange as the workbench sent it, and the saved request an import must make of it. */
import type { SavedRequestItem } from '../../../main/core/collections/index.js';
import type { Exchange } from '../../../main/shared/exchange.js';

export const requests = (items: readonly unknown[]) =>
  (items as SavedRequestItem[]).map((item) => item.request);

export const exchange: Exchange = {
  id: 'e1',
  startedAt: '2026-11-27T12:00:00.000Z',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:4010/v1/consents?x=1',
    headers: {
      'Content-Type': 'application/json',
      'PSU-ID': '1f3c1a58-6d37-4a5f-9b84-0a4f0f4b2a11',
      'X-Request-ID': 'a1b2c3d4-0000-4000-8000-000000000000',
      Digest: 'SHA-256=abc',
      Signature: 'keyId="x",signature="y"',
    },
    body: '{"access":{"allPsd2":"allAccounts"}}',
  },
  response: { status: 201, headers: {}, body: '{}', truncated: false },
  timings: { headersMs: 1, totalMs: 2 },
  responseSignature: { status: 'unsigned' },
} as unknown as Exchange;

export const sentRequest = {
  method: 'POST',
  path: '/v1/consents',
  query: { x: '1' },
  headers: { 'Content-Type': 'application/json', 'PSU-ID': '1f3c1a58-6d37-4a5f-9b84-0a4f0f4b2a11' },
  body: '{"access":{"allPsd2":"allAccounts"}}',
};
