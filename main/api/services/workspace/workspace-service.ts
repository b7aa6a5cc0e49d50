/**
 * The composer's workspace on disk: per-target variables in named environments
 * (`variables.json`) and the open request tabs (`tabs.json`), each written atomically and read
 * back through its schema, so a hand-edited or damaged file is set aside with a notice, never
 * trusted (stored-files.ts).
 */
import {
  CLOSED_TABS_KEPT,
  closedTabs,
  mergedTabs,
  type ClosedTab,
} from '../../../shared/tabs-merge.js';
import { DEFAULT_ENVIRONMENT } from '../../../shared/environment.js';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { JsonFileStore } from '../../../core/persistence/index.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { CallArgs } from '../../contract/index.js';
import {
  TabsSchema,
  TargetVariablesSchema,
  type EnvironmentExportView,
  type EnvironmentImportView,
  type TabsView,
  type TargetVariablesView,
  type WorkspaceVariablesView,
} from '../../contract/workspace.js';
import { schemaParser, type StorageNotices } from '../app/stored-files.js';
import { readEnvironment, writtenEnvironment } from './environment-formats.js';
import { openedVariables, sealedVariables, secretValuesOf } from './sealed-secrets.js';
import type { SecretBox } from '../../../core/certs/index.js';
import type { SecretValue } from '../../../core/tpp/redact-secrets.js';

/** A name not yet taken among a target's environments: "name", else "name (2)", … */
function freeEnvironmentName(taken: Record<string, unknown>, name: string): string {
  const base = name.trim().slice(0, 60) || 'imported';
  let candidate = base;
  for (let i = 2; Object.hasOwn(taken, candidate); i += 1)
    candidate = `${base.slice(0, 54)} (${i})`;
  return candidate;
}

/** How many targets keep variables: a target removed long ago does not grow the file forever. */
const MAX_TARGETS = 200;

/**
 * The kept tabs, with the tabs closed lately: a window that had not seen a close when it kept its
 * list does not bring the tab back (main/shared/tabs-merge.ts). The closes stay in main.
 */
const TabsRecordSchema = Type.Composite([
  TabsSchema,
  Type.Object({
    closed: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ minLength: 1, maxLength: 100 }), at: Type.Number({ minimum: 0 }) },
          { additionalProperties: false },
        ),
        { maxItems: CLOSED_TABS_KEPT },
      ),
    ),
  }),
]);
type TabsRecord = TabsView & { closed?: ClosedTab[] };

/** The kept tabs as windows see them: without the closes main remembers. */
function tabsViewOf({ closed: _closed, ...view }: TabsRecord): TabsView {
  return view;
}

const VariablesFileSchema = Type.Record(
  Type.String({ minLength: 1, maxLength: 100 }),
  TargetVariablesSchema,
);

export class WorkspaceService {
  private readonly variablesStore: Promise<JsonFileStore<WorkspaceVariablesView>>;
  private readonly tabsStore: Promise<JsonFileStore<TabsRecord>>;

  constructor(
    dataDir: string | undefined,
    notices: StorageNotices,
    private readonly events: EventHub,
    /** The keystore's seal, for secret values at rest; none while the keystore is locked. */
    private readonly secretBox: () => Promise<SecretBox | undefined> = async () => undefined,
  ) {
    const opened = <T>(store: Promise<JsonFileStore<T>>) =>
      store.then((s) => {
        notices.add(s.notice);
        return s;
      });
    this.variablesStore = opened(
      JsonFileStore.open<WorkspaceVariablesView>({
        ...(dataDir ? { path: join(dataDir, 'variables.json') } : {}),
        what: 'variables',
        defaults: () => ({}),
        parse: schemaParser<WorkspaceVariablesView>(VariablesFileSchema),
      }),
    );
    this.tabsStore = opened(
      JsonFileStore.open<TabsRecord>({
        ...(dataDir ? { path: join(dataDir, 'tabs.json') } : {}),
        what: 'composer tabs',
        defaults: () => ({ tabs: [] }),
        parse: schemaParser<TabsRecord>(TabsRecordSchema),
      }),
    );
  }

  /** Every target's variables, each secret value opened while the keystore is open. */
  async variables(): Promise<WorkspaceVariablesView> {
    return openedVariables((await this.variablesStore).get(), await this.secretBox());
  }

  /** The target's secret values, which History, HAR and curl show as `{{name}}`. */
  async secretValues(targetId: string): Promise<SecretValue[]> {
    return secretValuesOf((await this.variables())[targetId]);
  }

  /**
   * The environment a target's variables are read from now: the composer's and the runner's
   * (docs/variables.md). A target whose variables were never saved is in `default`.
   */
  async activeEnvironment(targetId: string): Promise<string> {
    return (await this.variables())[targetId]?.active ?? DEFAULT_ENVIRONMENT;
  }

  async saveVariables(
    targetId: string,
    variables: TargetVariablesView,
  ): Promise<WorkspaceVariablesView> {
    if (!(variables.active in variables.environments))
      throw new CallRefused(
        `The active environment '${variables.active}' is not one of this target's environments (${Object.keys(variables.environments).join(', ') || 'none'}).`,
      );
    const box = await this.secretBox();
    const stored = sealedVariables(variables, box);
    const written = await this.write(this.variablesStore, 'variables', (all) => {
      const others = Object.keys(all).filter((id) => id !== targetId);
      if (others.length >= MAX_TARGETS)
        throw new CallRefused(
          `Variables are kept for at most ${MAX_TARGETS} targets; remove a target first.`,
        );
      return { ...all, [targetId]: stored };
    });
    const next = openedVariables(written, box);
    this.events.emit('workspace.variablesChanged', next);
    return next;
  }

  /**
   * An environment file as a new environment of the target (docs/variables.md): read before the
   * store is touched, so a bad file changes nothing; the active environment stays the same.
   */
  async importEnvironment(
    args: CallArgs<'workspace.importEnvironment'>,
  ): Promise<EnvironmentImportView> {
    const read = await readEnvironment(args);
    const current = (await this.variables())[args.targetId] ?? {
      active: DEFAULT_ENVIRONMENT,
      environments: { [DEFAULT_ENVIRONMENT]: {} },
    };
    const imported = freeEnvironmentName(current.environments, args.name ?? read.name ?? '');
    const variables = await this.saveVariables(args.targetId, {
      ...current,
      environments: { ...current.environments, [imported]: read.variables },
    });
    return { variables, imported, notes: read.notes };
  }

  /** One of a target's environments as a Postman or Bruno environment file. */
  async exportEnvironment(
    args: CallArgs<'workspace.exportEnvironment'>,
  ): Promise<EnvironmentExportView> {
    const target = (await this.variables())[args.targetId];
    if (!target)
      throw new CallRefused(`The target '${args.targetId}' has no variables or environments yet.`);
    if (!Object.hasOwn(target.environments, args.environment))
      throw new CallRefused(
        `The target '${args.targetId}' has no environment '${args.environment}' (it has ${Object.keys(target.environments).join(', ')}).`,
      );
    return writtenEnvironment(
      randomUUID(),
      args.environment,
      target.environments[args.environment]!,
      args.format,
    );
  }

  async tabs(): Promise<TabsView> {
    return tabsViewOf((await this.tabsStore).get());
  }

  saveTabs(tabs: TabsView): Promise<TabsView> {
    if (tabs.activeTabId !== undefined && !tabs.tabs.some((t) => t.id === tabs.activeTabId))
      throw new CallRefused(`The active tab '${tabs.activeTabId}' is not one of the tabs.`);
    // Another window may have kept tabs since this one last looked: merged, nothing of theirs
    // lost, and nothing another window closed brought back.
    const merge = (stored: TabsRecord): TabsRecord => {
      const seenAt = tabs.seenAt ?? Number.POSITIVE_INFINITY;
      const merged = mergedTabs(stored.tabs, tabs.tabs, seenAt, stored.closed);
      // The shown tab may be one the merge kept closed: then the first tab is shown.
      const { activeTabId: shown, ...sent } = tabs;
      const activeTabId = merged.some((t) => t.id === shown) ? shown : merged[0]?.id;
      return {
        ...sent,
        tabs: merged,
        ...(activeTabId !== undefined ? { activeTabId } : {}),
        closed: closedTabs(stored.tabs, merged, Date.now(), stored.closed),
      };
    };
    return this.write(this.tabsStore, 'composer tabs', merge).then((kept) => {
      const view = tabsViewOf(kept);
      this.events.emit('workspace.tabsChanged', view);
      return view;
    });
  }

  private async write<T>(
    store: Promise<JsonFileStore<T>>,
    what: string,
    apply: (value: T) => T,
  ): Promise<T> {
    try {
      return await (await store).update(apply);
    } catch (error) {
      if (error instanceof CallRefused) throw error;
      throw new CallRefused(
        `The ${what} were not saved (${(error as Error).message}); nothing changed. ` +
          'Check that the workbench may write to its data folder.',
      );
    }
  }
}
