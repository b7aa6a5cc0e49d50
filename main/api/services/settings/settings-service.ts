/** The user's settings, kept in `settings.json` (atomic write), checked before they are saved. */
import { join } from 'node:path';
import { JsonFileStore } from '../../../core/persistence/index.js';
import { checkHeaderValue } from '../../../core/spec/headers.js';
import { parseAcceptFix } from '../../../core/spec/fixes.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import { schemaParser, type StorageNotices } from '../app/stored-files.js';
import {
  WorkbenchSettingsSchema,
  type SettingsView,
  type WorkbenchSettings,
} from '../../contract/settings.js';

export const DEFAULT_SETTINGS: WorkbenchSettings = {
  theme: 'dark',
  // The PSU sits at this machine; §8 limits calls without PSU-IP-Address to 4 a day.
  defaultPsuIpAddress: '127.0.0.1',
  // §4.2.1/§4.2.2 name this fix; the header stays required there after its default date.
  defaultAcceptFix: 'amount-as-string',
  requestTimeoutMs: 30_000,
};

export class SettingsService {
  private readonly store: Promise<JsonFileStore<WorkbenchSettings>>;

  constructor(
    private readonly dataDir: string | undefined,
    readonly notices: StorageNotices,
    private readonly events: EventHub,
  ) {
    this.store = JsonFileStore.open({
      ...(dataDir ? { path: join(dataDir, 'settings.json') } : {}),
      what: 'settings',
      defaults: () => ({ ...DEFAULT_SETTINGS }),
      parse: schemaParser<WorkbenchSettings>(WorkbenchSettingsSchema, () => ({
        ...DEFAULT_SETTINGS,
      })),
    }).then((store) => {
      notices.add(store.notice);
      return store;
    });
  }

  async settings(): Promise<WorkbenchSettings> {
    return (await this.store).get();
  }

  async view(): Promise<SettingsView> {
    return {
      settings: await this.settings(),
      ...(this.dataDir ? { dataDir: this.dataDir } : {}),
      notices: this.notices.list(),
    };
  }

  async update(patch: Partial<WorkbenchSettings>): Promise<SettingsView> {
    if (patch.defaultPsuIpAddress) {
      const problem = checkHeaderValue('psu-ip-address', patch.defaultPsuIpAddress);
      if (problem) throw new CallRefused(`Default PSU-IP-Address ${problem}.`);
    }
    if (patch.defaultAcceptFix) {
      const parsed = parseAcceptFix(patch.defaultAcceptFix);
      if (!parsed.ok) throw new CallRefused(`Default ${parsed.error.text}.`);
    }
    const store = await this.store;
    try {
      await store.update((current) => ({ ...current, ...patch }));
    } catch (error) {
      throw new CallRefused(
        `The settings were not saved (${(error as Error).message}); the previous settings stay in force. ` +
          'Check that the workbench may write to its data folder.',
      );
    }
    const view = await this.view();
    this.events.emit('settings.changed', view);
    return view;
  }
}
