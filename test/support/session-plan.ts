/**
 * A run session's plan as a host makes one: the suites' checks and rule catalogue, every check
 * unless the request selects some. For tests that run the suites against a target.
 */
import { ruleCatalogue } from '../../main/api/services/runner/catalogue';
import {
  planSession,
  type PlannedTarget,
  type SessionPlan,
  type SessionRequest,
} from '../../main/core/runner/session/index';
import { CHECKS } from '../../suites/index';

export function suitesPlan(
  target: PlannedTarget,
  request: Partial<Omit<SessionRequest, 'target'>> = {},
): SessionPlan {
  return planSession({
    checks: CHECKS,
    catalogue: ruleCatalogue,
    selection: {},
    ...request,
    target,
  });
}
