import { randomBytes } from 'node:crypto';

/**
 * A random positive 16-byte serial (RFC 5280 §4.1.2.2: positive, at most 20 octets, unpredictable
 * per CA/B BR), upper-case hex. The first byte is 0x01–0x7F so the DER INTEGER is exactly 16
 * bytes: no sign byte, no leading zero — and keyId's SN is 32 hex digits.
 */
export function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f || 0x01;
  return bytes.toString('hex').toUpperCase();
}
