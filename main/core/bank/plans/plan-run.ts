/**
 * One plan being played against a client: which module runs, the exchanges of its window, and
 * the verdicts so far. Modules run one at a time, started and finished by the tester (the UI or
 * the admin API, docs/tpp-plans.md); a module started again is judged again from a new window.
 */
import type { DomainState } from '../domain/model.js';
import type { TppEvidenceExchange } from '../log/tpp-findings/model.js';
import type { Observation } from '../log/tpp-findings/recorder.js';
import type { ScriptedAnswer, ScriptedRequest } from '../answers/scripted-answer.js';
import { judgeModule, type JudgedModule } from './judge-module.js';
import {
  MODULE_STATUSES,
  type ModuleResult,
  type ModuleStatus,
  type Plan,
  type PlanModule,
} from './model.js';

export const PLAN_REPORT_FORMAT = 'psd2-workbench/tpp-plan-report';
export const PLAN_REPORT_FORMAT_VERSION = 1;

/** Exchanges one window keeps; a module's flow takes tens. Past it the window says so. */
export const MAX_WINDOW = 5_000;

export interface PlanModuleView {
  id: string;
  title: string;
  section: string;
  rules: readonly string[];
  /** The instruction, with the names setup chose once the module has started. */
  instruction: string;
  state: 'waiting' | 'running' | 'judged';
  /** Exchanges the running module has seen so far. */
  exchanges?: number;
  result?: ModuleResult;
}

export interface PlanView {
  plan: string;
  title: string;
  /** The running module's id. */
  running?: string;
  modules: PlanModuleView[];
}

export interface PlanReport {
  format: typeof PLAN_REPORT_FORMAT;
  formatVersion: typeof PLAN_REPORT_FORMAT_VERSION;
  generatedAt: string;
  plan: { name: string; title: string };
  bank: { mode: string; url?: string };
  counts: Record<ModuleStatus, number> & { total: number };
  modules: PlanModuleView[];
  /** The exchanges the modules' findings point at, by id. */
  exchanges: TppEvidenceExchange[];
}

/** A start or finish the plan cannot take, naming the field that is wrong. */
export class PlanProblem extends Error {
  override readonly name = 'PlanProblem';
  constructor(
    readonly status: 400 | 404 | 409,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a plan may do to the bank: change its state now, or after the requests in progress. */
export interface PlanBankControl {
  act<T>(operation: (state: DomainState, now: Date) => T): T;
  exclusive(work: () => void): Promise<void>;
}

const fill = (text: string, names: Readonly<Record<string, string>>) =>
  text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => names[name] ?? whole);

export class PlanRun {
  private running?: {
    module: PlanModule;
    setup: Record<string, string>;
    observations: Observation[];
    dropped: number;
    control: PlanBankControl;
    memory: Record<string, unknown>;
    /** A change of the module's reaction the bank refused, said in the verdict. */
    reactionError?: string;
    /** The window is closed and its judgement under way (an inspection may take seconds). */
    judging?: boolean;
  };
  private readonly judged = new Map<string, JudgedModule & { setup: Record<string, string> }>();

  constructor(
    readonly plan: Plan,
    private readonly bank: { mode: string; url?: () => string | undefined },
  ) {}

  /** Every exchange the bank's pipeline judged (bank.ts hands them over). */
  observe(observation: Observation): void {
    const running = this.running;
    if (!running || running.judging) return;
    if (running.observations.length >= MAX_WINDOW) running.dropped++;
    else running.observations.push(observation);
    running.module.react?.(observation, {
      setup: running.setup,
      memory: running.memory,
      change: (operation) => {
        void running.control
          .exclusive(() => running.control.act(operation))
          .catch((error: unknown) => {
            running.reactionError = error instanceof Error ? error.message : String(error);
          });
      },
    });
  }

  /** The running module's scripted answer to a request (bank.ts `script`), if it has one. */
  answer(request: ScriptedRequest): ScriptedAnswer | undefined {
    const running = this.running;
    if (!running || running.judging) return undefined;
    return running.module.answer?.(request, { setup: running.setup, memory: running.memory });
  }

  private module(id: unknown): PlanModule {
    const ids = this.plan.modules.map((module) => module.id);
    if (typeof id !== 'string' || id === '')
      throw new PlanProblem(400, 'module', `name the module: one of ${ids.join(', ')}`);
    const module = this.plan.modules.find((candidate) => candidate.id === id);
    if (!module)
      throw new PlanProblem(
        404,
        'module',
        `the plan '${this.plan.name}' has no module '${id}': one of ${ids.join(', ')}`,
      );
    return module;
  }

  /** Sets the bank up for module `id` (on the bank's state, through `act`) and opens its window. */
  start(id: unknown, control: PlanBankControl): PlanModuleView {
    const module = this.module(id);
    if (this.running)
      throw new PlanProblem(
        409,
        'module',
        this.running.judging
          ? `module ${this.running.module.id} is being judged: wait for its verdict before starting ${module.id}`
          : `module ${this.running.module.id} is running: finish it before starting ${module.id}`,
      );
    const memory: Record<string, unknown> = {};
    const setup = module.setup
      ? control.act((state, now) => module.setup!({ state, now, memory }))
      : {};
    this.judged.delete(module.id);
    this.running = { module, setup, observations: [], dropped: 0, control, memory };
    return this.moduleView(module);
  }

  /**
   * Closes the running module's window (`id`, when given, must name it) and judges it; the
   * verdict may wait for the module's inspection beyond the bank (model.ts `inspect`).
   */
  async finish(id?: unknown): Promise<PlanModuleView> {
    const running = this.running;
    if (!running) throw new PlanProblem(409, 'module', 'no module is running: start one first');
    if (running.judging)
      throw new PlanProblem(409, 'module', `module ${running.module.id} is already being judged`);
    if (id !== undefined && id !== running.module.id)
      throw new PlanProblem(
        409,
        'module',
        `module ${running.module.id} is running, not ${String(id)}`,
      );
    running.judging = true;
    // What setup changed for the window only is put back before the verdict.
    const { finish } = running.module;
    if (finish) running.control.act((state, now) => finish({ state, now, memory: running.memory }));
    let judged: JudgedModule;
    try {
      judged = await judgeModule(running.module, running.observations, running.setup, this.bank);
    } finally {
      this.running = undefined;
    }
    if (running.dropped > 0)
      judged.result.text += ` (the window kept the first ${MAX_WINDOW} exchanges of ${MAX_WINDOW + running.dropped})`;
    if (running.reactionError !== undefined)
      judged.result.text += ` (the bank could not play its part: ${running.reactionError})`;
    this.judged.set(running.module.id, { ...judged, setup: running.setup });
    return this.moduleView(running.module);
  }

  private moduleView(module: PlanModule): PlanModuleView {
    const base = {
      id: module.id,
      title: module.title,
      section: module.section,
      rules: module.rules,
    };
    if (this.running?.module === module)
      return {
        ...base,
        instruction: fill(module.instruction, this.running.setup),
        state: 'running',
        exchanges: this.running.observations.length + this.running.dropped,
      };
    const judged = this.judged.get(module.id);
    if (judged)
      return {
        ...base,
        instruction: fill(module.instruction, judged.setup),
        state: 'judged',
        result: judged.result,
      };
    return { ...base, instruction: module.instruction, state: 'waiting' };
  }

  view(): PlanView {
    return {
      plan: this.plan.name,
      title: this.plan.title,
      ...(this.running ? { running: this.running.module.id } : {}),
      modules: this.plan.modules.map((module) => this.moduleView(module)),
    };
  }

  /**
   * The verdicts so far: a module never judged counts NOT_EXERCISED (its client did nothing the
   * plan saw), so a plan nobody played is never green.
   */
  report(now = new Date()): PlanReport {
    const modules = this.plan.modules.map((module) => this.moduleView(module));
    const counts = Object.fromEntries(MODULE_STATUSES.map((status) => [status, 0])) as Record<
      ModuleStatus,
      number
    >;
    for (const module of modules) counts[module.result?.status ?? 'NOT_EXERCISED']++;
    const exchanges = new Map<number, TppEvidenceExchange>();
    for (const judged of this.judged.values())
      for (const exchange of judged.exchanges) exchanges.set(exchange.id, exchange);
    const url = this.bank.url?.();
    return {
      format: PLAN_REPORT_FORMAT,
      formatVersion: PLAN_REPORT_FORMAT_VERSION,
      generatedAt: now.toISOString(),
      plan: { name: this.plan.name, title: this.plan.title },
      bank: { mode: this.bank.mode, ...(url ? { url } : {}) },
      counts: { total: modules.length, ...counts },
      modules,
      exchanges: [...exchanges.values()].sort((a, b) => a.id - b.id),
    };
  }
}
