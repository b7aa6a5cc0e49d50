/**
 * What the desktop app alone remembers between launches: the window's size, position and
 * maximised state, the last view, the theme (so the window opens in its colours before the page
 * loads) and the recently used target profiles. Settings every host shares stay in the core's
 * store (main/core/persistence); these belong to the window, so the Electron host keeps them with
 * electron-store, behind `KeyValueStore` so the tests use a plain object. Stored values are
 * checked as they are read: a value that is not what it should be is ignored, never trusted.
 */
import { isAbsolute } from 'node:path';
import { VIEW_ID_PATTERN } from '../../api/contract/app.js';

/** A view id as the contract's `app.viewShown` takes it. */
const VIEW_ID = new RegExp(VIEW_ID_PATTERN);

/** The part of electron-store this host uses. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Bounds {
  maximized: boolean;
}

export type DesktopTheme = 'dark' | 'light';

export interface DesktopState {
  window?: WindowState;
  lastView?: string;
  theme?: DesktopTheme;
  /** Absolute paths of target profile files, most recent first. */
  recentProfiles: string[];
}

export const RECENT_PROFILES_LIMIT = 10;
/** The window's minimum size (window-policy.ts), kept when bounds are restored. */
export const MIN_WINDOW = { width: 960, height: 600 } as const;
/** How much of a window must show on a display to count as visible (to grab its title bar). */
const VISIBLE = { width: 100, height: 50 } as const;

const KEYS = {
  window: 'window',
  lastView: 'lastView',
  theme: 'theme',
  recentProfiles: 'recentProfiles',
} as const;

const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

function readWindow(value: unknown): WindowState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { x, y, width, height, maximized } = value as Record<string, unknown>;
  if (![x, y, width, height].every(isInteger)) return undefined;
  if ((width as number) <= 0 || (height as number) <= 0) return undefined;
  return {
    x: x as number,
    y: y as number,
    width: width as number,
    height: height as number,
    maximized: maximized === true,
  };
}

/** The stored state, each value checked; one that is wrong is left out. */
export function readDesktopState(store: KeyValueStore): DesktopState {
  const state: DesktopState = { recentProfiles: [] };
  const window = readWindow(store.get(KEYS.window));
  if (window) state.window = window;
  const lastView = store.get(KEYS.lastView);
  if (typeof lastView === 'string' && VIEW_ID.test(lastView)) state.lastView = lastView;
  const theme = store.get(KEYS.theme);
  if (theme === 'dark' || theme === 'light') state.theme = theme;
  const recent = store.get(KEYS.recentProfiles);
  if (Array.isArray(recent))
    state.recentProfiles = recent
      .filter((p): p is string => typeof p === 'string' && isAbsolute(p) && !p.includes('\0'))
      .filter((p, i, all) => all.indexOf(p) === i)
      .slice(0, RECENT_PROFILES_LIMIT);
  return state;
}

function overlap(a: Bounds, b: Bounds): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * Bounds to open the window with: the stored ones when enough of the window shows on one of
 * `workAreas` (the displays now attached, the primary first), else the same size centred on the
 * primary display; never larger than that display, never smaller than the minimum.
 */
export function visibleBounds(stored: Bounds, workAreas: readonly Bounds[]): Bounds | undefined {
  const primary = workAreas[0];
  if (!primary) return undefined;
  const onScreen = workAreas.find((area) => {
    const shown = overlap(stored, area);
    return shown.width >= VISIBLE.width && shown.height >= VISIBLE.height;
  });
  const area = onScreen ?? primary;
  const width = Math.max(
    Math.min(stored.width, area.width),
    Math.min(MIN_WINDOW.width, area.width),
  );
  const height = Math.max(
    Math.min(stored.height, area.height),
    Math.min(MIN_WINDOW.height, area.height),
  );
  if (onScreen) {
    // Keep the position, pulled back so the whole window is on that display.
    const x = Math.min(Math.max(stored.x, area.x), area.x + area.width - width);
    const y = Math.min(Math.max(stored.y, area.y), area.y + area.height - height);
    return { x, y, width, height };
  }
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  };
}

/** What a BrowserWindow says about itself, as stored (the normal bounds, also when maximised). */
export function windowStateOf(window: {
  getNormalBounds(): Bounds;
  isMaximized(): boolean;
}): WindowState {
  return { ...window.getNormalBounds(), maximized: window.isMaximized() };
}

export function saveWindowState(store: KeyValueStore, state: WindowState): void {
  store.set(KEYS.window, state);
}

export function saveLastView(store: KeyValueStore, view: string): void {
  store.set(KEYS.lastView, view);
}

export function saveTheme(store: KeyValueStore, theme: DesktopTheme): void {
  store.set(KEYS.theme, theme);
}

/** Puts `file` first among the recent profiles (once), keeping at most the limit. */
export function rememberProfile(store: KeyValueStore, file: string): string[] {
  const recent = [file, ...readDesktopState(store).recentProfiles.filter((p) => p !== file)].slice(
    0,
    RECENT_PROFILES_LIMIT,
  );
  store.set(KEYS.recentProfiles, recent);
  return recent;
}

/** The profile files in `paths` that `known` does not hold: those the user just added. */
export function profilesAdded(known: ReadonlySet<string>, paths: readonly string[]): string[] {
  return paths.filter((path) => !known.has(path));
}

/** The address the window opens: the app's entry, on the remembered view when there is one. */
export function entryUrlOf(entry: string, lastView: string | undefined): string {
  return lastView ? `${entry}?view=${encodeURIComponent(lastView)}` : entry;
}

/** The view a view-shown event names, when it is one the store may keep. */
export function viewOf(payload: unknown): string | undefined {
  const view = (payload as { view?: unknown } | null)?.view;
  return typeof view === 'string' && VIEW_ID.test(view) ? view : undefined;
}

/** The window's background before the page paints, in the stored theme's colours. */
export function backgroundColorOf(theme: DesktopTheme | undefined): string {
  return theme === 'light' ? '#ffffff' : '#1e1e1e';
}
