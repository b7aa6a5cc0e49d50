/**
 * TPP test plans (docs/tpp-plans.md): the bank plays situations a client must survive and judges
 * the client from what it sends. A plan is a list of modules; a module sets the bank up, tells the
 * tester what to do in their app, collects the exchanges of its window and judges them for its
 * TPP-side rules (main/core/spec/tpp-rules.ts) with the same per-request judgements as the TPP
 * conformance report (log/tpp-findings/), plus what the module needs to have seen to call its
 * rules exercised.
 */
import type { TppRuleId } from '../../spec/tpp-rules.js';
import type { DomainState } from '../domain/model.js';
import type { ScriptedAnswer, ScriptedRequest } from '../answers/scripted-answer.js';
import type { Observation } from '../log/tpp-findings/recorder.js';
import type { TppFinding } from '../log/tpp-findings/model.js';

/**
 * PASS: exercised, every rule seen kept; FAIL: a rule broken at least once; NOT_EXERCISED: the
 * client did not do what the module asked (nothing sent, or the flow stopped short);
 * INCONCLUSIVE: the flow ran but a rule of the module had nothing to judge.
 */
export const MODULE_STATUSES = ['PASS', 'FAIL', 'NOT_EXERCISED', 'INCONCLUSIVE'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

/** What a module may do to the bank before the client starts (on the bank clock `now`). */
export interface ModuleSetupContext {
  state: DomainState;
  now: Date;
  /** The memory `react`, `answer` and `finish` see (what setup changed, to undo it). */
  memory: Record<string, unknown>;
}

export interface PlanModule {
  /** Stable id, upper-case words joined by hyphens. */
  id: string;
  title: string;
  /** The spec sections the module's rules come from. */
  section: string;
  /** The TPP-side rules the module judges. */
  rules: readonly TppRuleId[];
  /**
   * What the tester does in their app, as one paragraph. `{…}` names are filled from what setup
   * returned (an account the module prepared, for example).
   */
  instruction: string;
  /** Changes the bank's state before the client starts; returns the names the instruction uses. */
  setup?(context: ModuleSetupContext): Record<string, string>;
  /**
   * Undoes, as the window closes, what setup changed for the window only (a risk policy, say), so
   * the next module and the app's next run find the bank as the tester left it.
   */
  finish?(context: ModuleSetupContext): void;
  /**
   * The bank's part in a scripted situation: shown each exchange of the window as it is judged, it
   * may change the bank (revoke the consent the app just used, say) through `change`, which runs
   * after the requests already in progress and before any later one.
   */
  react?(observation: Observation, context: ModuleReaction): void;
  /**
   * The bank's answer from a script: shown each TPP request of the window that passed every
   * stage, before the handler, it may answer in the handler's place (a §7 refusal), add headers
   * (Retry-After) or spoil the answer's signature (§5.2.7). The answer is logged and judged like
   * any other.
   */
  answer?(request: ScriptedRequest, context: ModuleScript): ScriptedAnswer | undefined;
  /**
   * What the window lacks for the rules to count as exercised, as a sentence the tester reads, or
   * undefined when it has it.
   */
  missing(window: ModuleWindow): string | undefined;
  /**
   * A rule no exchange shows (the TPP's web domain, §5.3(6)), judged when the window closes and
   * only when nothing is missing: it may reach beyond the bank (bounded in time by the module).
   */
  inspect?(window: ModuleWindow): Promise<ModuleInspection>;
}

/** What `inspect` found for one rule of its module. */
export interface ModuleInspection {
  rule: TppRuleId;
  status: Exclude<ModuleStatus, 'NOT_EXERCISED'>;
  /** One sentence: what was looked at and what was wrong, naming the place that failed. */
  text: string;
}

export interface ModuleReaction {
  setup: Readonly<Record<string, string>>;
  /** What the module keeps between two exchanges of one window. */
  memory: Record<string, unknown>;
  change(operation: (state: DomainState, now: Date) => void): void;
}

export interface ModuleScript {
  setup: Readonly<Record<string, string>>;
  /** The same memory `react` keeps. */
  memory: Record<string, unknown>;
}

/** What a module judges: the exchanges of its window, as the bank's pipeline saw them. */
export interface ModuleWindow {
  observations: readonly Observation[];
  /** The names setup returned. */
  setup: Readonly<Record<string, string>>;
  /** Per rule of the module: how often the window's requests kept and broke it. */
  tally(rule: TppRuleId): { passes: number; failures: number };
}

export interface Plan {
  name: string;
  title: string;
  modules: readonly PlanModule[];
}

/** The verdict of one module over its window. */
export interface ModuleResult {
  status: ModuleStatus;
  /** One sentence: why this status. */
  text: string;
  /** TPP requests judged in the window. */
  requestsJudged: number;
  /** Per rule: how often kept and broken in the window. */
  rules: { id: TppRuleId; passes: number; failures: number }[];
  /** The first failures, then the first passes, as the TPP report keeps them. */
  findings: TppFinding[];
}
