/**
 * "Test my TPP" (docs/tpp-plans.md, "In the workbench"): the plan the embedded sandbox bank plays
 * against the tester's app, its current module and the verdicts, live. Main keeps the plan run;
 * the view keeps only which modules the tester skipped, so the current module moves past them.
 */
import { create } from 'zustand';
import type {
  PlanModuleView,
  PlanProgressEvent,
  PlanStateView,
  PlanSummaryView,
  PlanView,
} from '../../../../main/api/contract';
import { api } from '../../api';
import { downloadText } from '../../lib/download';

export type PlanReportFormat = 'json' | 'junit' | 'html';

/**
 * The module the tester works on: the running one, else the first still waiting that was not
 * skipped; none when every module was judged or skipped.
 */
export function currentModule(
  plan: PlanView | undefined,
  skipped: readonly string[],
): PlanModuleView | undefined {
  if (!plan) return undefined;
  const running = plan.modules.find((module) => module.id === plan.running);
  return (
    running ??
    plan.modules.find((module) => module.state === 'waiting' && !skipped.includes(module.id))
  );
}

interface TppPlanState {
  plans: PlanSummaryView[];
  /** The plan the chooser names (the first listed until the tester picks another). */
  choice?: string;
  state: PlanStateView;
  /** Modules the tester skipped in this plan: never judged, NOT_EXERCISED in the report. */
  skipped: string[];
  /** The bank's and the plan's state arrived once: until then the view claims nothing of them. */
  loaded: boolean;
  busy?: string;
  done?: string;
  error?: unknown;
  doing?: string;
  load(): Promise<void>;
  setChoice(name: string): void;
  startBank(): Promise<void>;
  choosePlan(): Promise<void>;
  startModule(id: string): Promise<void>;
  finishModule(id: string): Promise<void>;
  skip(id: string): void;
  exportReport(format: PlanReportFormat): Promise<void>;
  dismissError(): void;
  received(state: PlanStateView): void;
  receivedProgress(progress: PlanProgressEvent): void;
  receivedBankUrl(url: string | undefined): void;
}

export const useTppPlanStore = create<TppPlanState>((set, get) => {
  /** One call at a time: its name while it runs, its refusal named after. */
  async function attempt<T>(doing: string, run: () => Promise<T>): Promise<T | undefined> {
    set({ busy: doing, done: undefined, error: undefined, doing: undefined });
    try {
      return await run();
    } catch (error) {
      set({ error, doing });
      return undefined;
    } finally {
      set({ busy: undefined });
    }
  }
  return {
    plans: [],
    state: {},
    skipped: [],
    loaded: false,
    async load() {
      await attempt('Loading the plans', async () => {
        const [plans, state] = await Promise.all([
          api.call('plan.list', {}),
          api.call('plan.state', {}),
        ]);
        set({
          plans,
          state,
          loaded: true,
          choice: get().choice ?? state.plan?.plan ?? plans[0]?.name,
        });
      });
    },
    setChoice: (choice) => set({ choice }),
    async startBank() {
      const status = await attempt('Starting the sandbox bank', () =>
        api.call('bank.start', { mode: 'sandbox' }),
      );
      if (status) get().receivedBankUrl(status.url);
    },
    async choosePlan() {
      const name = get().choice;
      if (!name) return;
      const state = await attempt(`Starting the plan ${name}`, () =>
        api.call('plan.choose', { plan: name }),
      );
      if (state) set({ state, skipped: [], done: `The plan ${name} is ready.` });
    },
    async startModule(id) {
      const state = await attempt(`Starting ${id}`, () =>
        api.call('plan.startModule', { module: id }),
      );
      if (state)
        set((current) => ({
          state,
          // A skipped module started after all is no longer skipped.
          skipped: current.skipped.filter((skipped) => skipped !== id),
          done: `${id} is running: do what it asks in your app.`,
        }));
    },
    async finishModule(id) {
      const state = await attempt(`Finishing ${id}`, () =>
        api.call('plan.finishModule', { module: id }),
      );
      if (!state) return;
      const status = state.plan?.modules.find((module) => module.id === id)?.result?.status;
      set({ state, done: `${id} judged: ${status ?? 'no verdict'}.` });
    },
    skip: (id) =>
      set((current) => ({
        skipped: current.skipped.includes(id) ? current.skipped : [...current.skipped, id],
        done: `${id} skipped: the report counts it NOT_EXERCISED.`,
      })),
    async exportReport(format) {
      const file = await attempt(`Exporting the ${format} report`, () =>
        api.call('plan.report', { format }),
      );
      if (!file) return;
      downloadText(file.fileName, file.content, file.mediaType);
      set({ done: `Exported ${file.fileName}.` });
    },
    dismissError: () => set({ error: undefined, doing: undefined }),
    received: (state) =>
      set((current) => ({
        state,
        // A new run of a plan (chosen elsewhere) has skipped nothing yet.
        skipped: state.plan?.modules.every((module) => module.state === 'waiting')
          ? []
          : current.skipped,
      })),
    receivedProgress: ({ module, exchanges }) =>
      set((current) => {
        const plan = current.state.plan;
        if (plan?.running !== module) return current;
        return {
          state: {
            ...current.state,
            plan: {
              ...plan,
              modules: plan.modules.map((m) => (m.id === module ? { ...m, exchanges } : m)),
            },
          },
        };
      }),
    receivedBankUrl: (url) =>
      set((current) => {
        const { bankUrl: _previous, ...rest } = current.state;
        return { state: url ? { ...rest, bankUrl: url } : rest };
      }),
  };
});
