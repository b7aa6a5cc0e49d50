/**
 * "Test my TPP" through the contract (docs/tpp-plans.md, "In the workbench"): a TPP test plan the
 * embedded sandbox bank plays against the tester's app. The same plan run as the admin API's
 * /admin/plan routes of `workbench bank --plan`, driven from a view instead of a CI job.
 */
import { Type } from '@sinclair/typebox';
import type { PlanView } from '../../core/bank/index.js';
import { call, event } from './define.js';

export type {
  PlanView,
  PlanModuleView,
  ModuleResult,
  ModuleStatus,
} from '../../core/bank/index.js';

/** A plan the embedded bank can play. */
export interface PlanSummaryView {
  name: string;
  title: string;
  modules: number;
}

/** What the view shows: the plan chosen (none yet), and where the sandbox bank listens. */
export interface PlanStateView {
  plan?: PlanView;
  /** The sandbox bank's URL, when it runs: where the tester points their app. */
  bankUrl?: string;
}

/** A running module's window grew: the exchanges it has seen so far. */
export interface PlanProgressEvent {
  module: string;
  exchanges: number;
}

const ModuleId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Z0-9-]+$' });

export const planCalls = {
  'plan.list': call<PlanSummaryView[]>()(
    'The TPP test plans the embedded bank can play.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'plan.state': call<PlanStateView>()(
    'The plan the sandbox bank plays, its running module and verdicts so far.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'plan.choose': call<PlanStateView>()(
    'The sandbox bank plays a plan from now on, every module waiting (refused while one runs).',
    Type.Object(
      { plan: Type.String({ minLength: 1, maxLength: 100 }) },
      { additionalProperties: false },
    ),
  ),
  'plan.startModule': call<PlanStateView>()(
    "Sets the bank up for a module and opens its window: the app's exchanges from now on.",
    Type.Object({ module: ModuleId }, { additionalProperties: false }),
  ),
  'plan.finishModule': call<PlanStateView>()(
    'Closes the running module’s window and judges it.',
    Type.Object({ module: Type.Optional(ModuleId) }, { additionalProperties: false }),
  ),
  'plan.report': call<{ fileName: string; mediaType: string; content: string }>()(
    "The plan's verdicts as a file: JUnit XML, self-contained HTML, or JSON.",
    Type.Object(
      { format: Type.Union([Type.Literal('junit'), Type.Literal('html'), Type.Literal('json')]) },
      { additionalProperties: false },
    ),
  ),
};

export const planEvents = {
  'plan.changed': event<PlanStateView>('A plan was chosen, or a module started or was judged.'),
  'plan.progress': event<PlanProgressEvent>('The running module saw another exchange of the app.'),
};
