/** The TPP test plans' calls (contract/plans.ts), on the embedded sandbox bank. */
import type { AreaCalls } from '../area-calls.js';
import type { PlanService } from './plan-service.js';

export function implementPlanCalls(plans: PlanService): AreaCalls<'plan'> {
  return {
    'plan.list': () => plans.list(),
    'plan.state': () => plans.state(),
    'plan.choose': ({ plan }) => plans.choose(plan),
    'plan.startModule': ({ module }) => plans.startModule(module),
    'plan.finishModule': ({ module }) => plans.finishModule(module),
    'plan.report': ({ format }) => plans.report(format),
  };
}
