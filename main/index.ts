/**
 * The Electron host: app lifecycle, the workbench window and its guards. Everything that matters
 * lives in main/core and main/api; the policy applied here is in hosts/electron/window-policy.ts.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  protocol,
  safeStorage,
  screen,
  session,
} from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SettingsView } from './api/contract/settings.js';
import type { TargetsView } from './api/contract/targets.js';
import { createServices, type Services } from './api/services/index.js';
import { dialogConfirmer } from './api/services/certs/key-export-confirmation.js';
import {
  backgroundColorOf,
  profilesAdded,
  readDesktopState,
  entryUrlOf,
  saveLastView,
  viewOf,
  rememberProfile,
  saveTheme,
  saveWindowState,
  visibleBounds,
  windowStateOf,
  type KeyValueStore,
} from './hosts/electron/desktop-state.js';
import { openDesktopStore } from './hosts/electron/desktop-store.js';
import { confirmKeyExportWithDialog } from './hosts/electron/key-export-dialog.js';
import { appProtocolHeaders, applySessionPolicy } from './hosts/electron/session-policy.js';
import { forwardEvents, wireIpc } from './hosts/electron/ipc.js';
import { createSafeStorageSecretBox } from './hosts/electron/safe-storage-box.js';
import { createScaWindowOpener, scaContents } from './hosts/electron/sca-window.js';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  allowMainWindowNavigation,
  mainWindowOptions,
} from './hosts/electron/window-policy.js';
import { contentSecurityPolicy, readRendererAsset } from './hosts/renderer-assets.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const rendererDir = join(here, '../renderer');
const preloadPath = join(here, '../preload/index.cjs');

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

app.enableSandbox();

// No permission and no device for any session, the default one and each SCA partition.
app.on('session-created', (created) => applySessionPolicy(created));

// Deny every new window and every navigation away from the app, for any web contents; the SCA
// window has its own guard (bank origins and the redirect URI only).
app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!scaContents.has(contents) && !allowMainWindowNavigation(url)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

/** Private keys sealed by the OS keychain; without one the UI asks for a passphrase instead. */
function keychainSecretBox() {
  try {
    return createSafeStorageSecretBox(safeStorage);
  } catch (error) {
    console.warn(`Keystore: ${(error as Error).message}`);
    return undefined;
  }
}

async function start(): Promise<void> {
  await app.whenReady();
  applySessionPolicy(session.defaultSession);
  const csp = contentSecurityPolicy();
  protocol.handle(APP_SCHEME, async (request) => {
    const asset = await readRendererAsset(rendererDir, new URL(request.url).pathname);
    return new Response(new Uint8Array(asset.body), {
      status: asset.status,
      headers: appProtocolHeaders(asset.contentType, csp),
    });
  });

  const secretBox = keychainSecretBox();
  const openScaWindow = createScaWindowOpener(BrowserWindow);
  // The window opens where it was, as large as it was, in the colours of the last theme.
  const desktopStore = await openDesktopStore();
  const desktop = desktopStore ? readDesktopState(desktopStore) : { recentProfiles: [] };
  const bounds =
    desktop.window &&
    visibleBounds(
      desktop.window,
      [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((d) => d.workArea),
    );
  // Created before the services so the key export dialog can be modal to it; it loads the app
  // only once IPC is wired, below.
  const mainWindow = new BrowserWindow(mainWindowOptions(preloadPath));
  // Hidden until ready-to-show: placed and coloured before anything paints.
  if (bounds) mainWindow.setBounds(bounds);
  mainWindow.setBackgroundColor(backgroundColorOf(desktop.theme));

  const services = createServices({
    kind: 'electron',
    versions: { electron: process.versions.electron, chrome: process.versions.chrome },
    dataDir: app.getPath('userData'),
    ...(secretBox ? { secretBox } : {}),
    // A key export waits for a native dialog, modal to the workbench window (not the page's).
    keyExportConfirmer: dialogConfirmer(
      confirmKeyExportWithDialog((options) => dialog.showMessageBox(mainWindow, options)),
    ),
    openScaWindow: (plan) =>
      openScaWindow({
        scaRedirectUrl: plan.url,
        redirectUri: plan.redirectUri,
        tppSessionId: plan.tppSessionId,
        ...(plan.recording ? { recording: plan.recording } : {}),
      }),
  });
  wireIpc(ipcMain, services);
  if (desktopStore) await rememberDesktopState(mainWindow, desktopStore, services);

  forwardEvents(mainWindow.webContents, services);
  mainWindow.once('ready-to-show', () => {
    if (desktop.window?.maximized) mainWindow.maximize();
    mainWindow.show();
  });
  await mainWindow.loadURL(entryUrlOf(APP_ENTRY_URL, desktop.lastView));

  app.on('window-all-closed', () => {
    void services.dispose().finally(() => app.quit());
  });
}

/**
 * Keeps the window's bounds (on close), the theme and the profiles the user adds in the desktop
 * store, from the same events the views get.
 */
async function rememberDesktopState(
  window: BrowserWindow,
  store: KeyValueStore,
  services: Services,
): Promise<void> {
  window.on('close', () => saveWindowState(store, windowStateOf(window)));
  // The state at start, through the same calls a view makes.
  const settings = await services.dispatch('settings.get', {});
  if (settings.ok) saveTheme(store, (settings.result as SettingsView).settings.theme);
  const targets = await services.dispatch('targets.list', {});
  let known = new Set(
    targets.ok ? (targets.result as TargetsView).profiles.map((p) => p.path) : [],
  );
  services.events.subscribe((name, payload) => {
    if (name === 'settings.changed') saveTheme(store, (payload as SettingsView).settings.theme);
    if (name === 'app.viewShown') {
      const view = viewOf(payload);
      if (view) saveLastView(store, view);
    }
    if (name === 'targets.changed') {
      const paths = (payload as TargetsView).profiles.map((p) => p.path);
      for (const path of profilesAdded(known, paths)) {
        rememberProfile(store, path);
        app.addRecentDocument(path); // the OS list of recent files (macOS, Windows)
      }
      known = new Set(paths);
    }
  });
}

void start();
