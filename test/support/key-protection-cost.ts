/**
 * The key-derivation cost tests export keys at. The production cost (600,000 PBKDF2 and 1,200,000
 * PKCS#12 MAC iterations) makes one PKCS#12 take tens of seconds on a loaded machine; the file
 * format does not depend on the count, so tests pass this one explicitly and one test checks the
 * production cost on its own budget (test/unit/certs/key-protection.test.ts). The counts differ
 * from OpenSSL's default 2,048 so that a test can tell that the given cost was written.
 */
import type { KeyProtectionCost } from '../../main/core/certs/key-protection.js';

export const TEST_KEY_PROTECTION_COST: KeyProtectionCost = Object.freeze({
  pbkdf2Iterations: 1_000,
  macIterations: 2_000,
});
