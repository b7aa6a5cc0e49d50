/** The settings' calls (contract/settings.ts). */
import type { AreaCalls } from '../area-calls.js';
import type { SettingsService } from './settings-service.js';

export function implementSettingsCalls(settings: SettingsService): AreaCalls<'settings'> {
  return {
    'settings.get': () => settings.view(),
    'settings.update': (patch) => settings.update(patch),
  };
}
