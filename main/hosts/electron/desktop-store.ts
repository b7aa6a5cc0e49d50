/**
 * The desktop state's store: electron-store (ESM, Electron's main process only: it finds its
 * folder with app.getPath), loaded when the app starts. The specifier is not a literal, so that
 * neither the bundler nor the type checker reaches for it where Electron does not run; a store
 * that cannot be opened leaves the app with its defaults, never without a window.
 */
import type { KeyValueStore } from './desktop-state.js';

type ElectronStoreClass = new (options: {
  name: string;
  clearInvalidConfig: boolean;
}) => KeyValueStore;

const ELECTRON_STORE = 'electron-store';

export async function openDesktopStore(
  load: (specifier: string) => Promise<unknown> = (specifier) =>
    import(/* @vite-ignore */ specifier),
): Promise<KeyValueStore | undefined> {
  try {
    const { default: ElectronStore } = (await load(ELECTRON_STORE)) as {
      default: ElectronStoreClass;
    };
    // desktop-state.json in userData; a file that is not JSON is started afresh.
    return new ElectronStore({ name: 'desktop-state', clearInvalidConfig: true });
  } catch (error) {
    console.warn(`Desktop state: not kept (${(error as Error).message})`);
    return undefined;
  }
}
