/** A check of the `general` area. */
import { defineCheck, type Check } from '../../main/core/runner/check-api/index.js';

export function generalCheck(check: Omit<Check, 'area'>): Check {
  return defineCheck({ area: 'general', ...check });
}
