/**
 * The suites' TargetClient on top of the workbench's one TPP client (main/core/tpp/client.ts): a
 * check's request becomes a signed exchange, deliberate signing deviations are applied after the
 * real signature is made, and the exchange is turned into check evidence.
 */
import type { SigningOverrides, TargetClient, TargetRequest } from '../check-api/index.js';
import type { OutgoingRequest, TppClient } from '../../tpp/client.js';
import { toEvidence } from '../../../shared/exchange.js';

/** Flips bits in the base64 signature part so it no longer verifies, keeping its shape. */
export function corruptSignatureValue(signatureHeader: string): string {
  return signatureHeader.replace(/signature="([A-Za-z0-9+/=]+)"/, (_all, value: string) => {
    const bytes = Buffer.from(value, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    return `signature="${bytes.toString('base64')}"`;
  });
}

function headerKey(headers: Record<string, string>, name: string): string | undefined {
  return Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
}

/** The deliberate deviations of a check, applied to the wire headers after the real signing. */
function signingTamper(overrides: SigningOverrides) {
  const { digest, corruptSignature, keyId, algorithm, rewriteSignatureHeader, dropHeaders } =
    overrides;
  if (
    digest === undefined &&
    !corruptSignature &&
    keyId === undefined &&
    algorithm === undefined &&
    !rewriteSignatureHeader &&
    !dropHeaders
  ) {
    return undefined;
  }
  return (wire: { headers: Record<string, string> }) => {
    if (digest !== undefined) wire.headers[headerKey(wire.headers, 'digest') ?? 'Digest'] = digest;
    const signatureKey = headerKey(wire.headers, 'signature');
    if (signatureKey) {
      let value = wire.headers[signatureKey]!;
      if (corruptSignature) value = corruptSignatureValue(value);
      if (keyId !== undefined) value = value.replace(/keyId="[^"]*"/, `keyId="${keyId}"`);
      if (algorithm !== undefined)
        value = value.replace(/algorithm="[^"]*"/, `algorithm="${algorithm}"`);
      if (rewriteSignatureHeader) value = rewriteSignatureHeader(value);
      wire.headers[signatureKey] = value;
    }
    for (const name of dropHeaders ?? []) {
      const key = headerKey(wire.headers, name);
      if (key) delete wire.headers[key];
    }
  };
}

/** Maps a check's request onto the TPP client's request. */
export function toOutgoing(request: TargetRequest, signal?: AbortSignal): OutgoingRequest {
  const removed: Record<string, null> = {};
  for (const name of request.omitHeaders ?? []) removed[name] = null;
  const overrides = request.signing;
  const body =
    request.rawBody !== undefined
      ? request.rawBody
      : request.body !== undefined
        ? JSON.stringify(request.body)
        : undefined;
  const tamper = overrides ? signingTamper(overrides) : undefined;
  return {
    method: request.method,
    path: request.path,
    ...(request.query ? { query: request.query } : {}),
    headers: { ...removed, ...(request.headers ?? {}) },
    ...(body !== undefined ? { body } : {}),
    sign: request.sign ?? true,
    ...(overrides?.signedHeaders ? { signedHeaderNames: overrides.signedHeaders } : {}),
    ...(overrides?.includeRequestTarget !== undefined
      ? { includeRequestTarget: overrides.includeRequestTarget }
      : {}),
    ...(overrides?.digestAlgorithm ? { digestAlgorithm: overrides.digestAlgorithm } : {}),
    ...(tamper ? { afterSigning: tamper } : {}),
    ...(request.label ? { label: request.label } : {}),
    ...(signal ? { signal } : {}),
  };
}

export function createTargetClient(client: TppClient, signal?: AbortSignal): TargetClient {
  return {
    async send(request) {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      const exchange = await client.send(toOutgoing({ ...request }, signal));
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      return toEvidence(exchange);
    },
  };
}
