/**
 * What the desktop app remembers (main/hosts/electron/desktop-state.ts), as plain functions over
 * a fake of electron-store: stored values read back, wrong ones ignored, window bounds brought
 * back onto a display that is attached now, recent profiles once each and at most ten.
 */
import { describe, expect, it } from 'vitest';
import {
  MIN_WINDOW,
  RECENT_PROFILES_LIMIT,
  backgroundColorOf,
  entryUrlOf,
  profilesAdded,
  readDesktopState,
  rememberProfile,
  saveLastView,
  saveTheme,
  saveWindowState,
  viewOf,
  visibleBounds,
  windowStateOf,
  type KeyValueStore,
} from '../../../../main/hosts/electron/desktop-state.js';
import { openDesktopStore } from '../../../../main/hosts/electron/desktop-store.js';

function fakeStore(initial: Record<string, unknown> = {}): KeyValueStore & {
  data: Record<string, unknown>;
} {
  const data = { ...initial };
  return { data, get: (key) => data[key], set: (key, value) => void (data[key] = value) };
}

const FULL_HD = { x: 0, y: 0, width: 1920, height: 1040 };
const RIGHT = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('the last view', () => {
  it('is kept from the view-shown event and opens the window on it; anything else is ignored', () => {
    const store = fakeStore();
    for (const payload of [{ view: 'runner' }, { view: '../etc' }, { view: 7 }, null]) {
      const view = viewOf(payload);
      if (view) saveLastView(store, view);
    }
    const { lastView } = readDesktopState(store);
    expect(lastView).toBe('runner');
    expect(entryUrlOf('app://workbench/index.html', lastView)).toBe(
      'app://workbench/index.html?view=runner',
    );
    expect(entryUrlOf('app://workbench/index.html', undefined)).toBe('app://workbench/index.html');
  });
});

describe('desktop state', () => {
  it('reads back what was saved', () => {
    const store = fakeStore();
    saveWindowState(store, { x: 10, y: 20, width: 1200, height: 800, maximized: true });
    saveLastView(store, 'runner');
    saveTheme(store, 'light');
    rememberProfile(store, '/home/u/bank.json');
    expect(readDesktopState(store)).toEqual({
      window: { x: 10, y: 20, width: 1200, height: 800, maximized: true },
      lastView: 'runner',
      theme: 'light',
      recentProfiles: ['/home/u/bank.json'],
    });
  });

  it('ignores stored values that are wrong, keeping the rest', () => {
    const cases: Record<string, unknown>[] = [
      { window: { x: 'a', y: 0, width: 100, height: 100 } },
      { window: { x: 0, y: 0, width: -5, height: 100 } },
      { window: { x: 0, y: 0, width: 1.5, height: 100 } },
      { window: null },
      { window: 'big' },
      { lastView: '../../etc' },
      { lastView: 42 },
      { theme: 'purple' },
      { recentProfiles: 'bank.json' },
    ];
    for (const data of cases)
      expect(readDesktopState(fakeStore(data)), JSON.stringify(data)).toEqual({
        recentProfiles: [],
      });
    expect(
      readDesktopState(
        fakeStore({ recentProfiles: ['relative.json', 7, '/a.json', '/a.json', '/b\0.json'] }),
      ).recentProfiles,
    ).toEqual(['/a.json']);
  });

  it('recent profiles: the latest first, each once, at most ten', () => {
    const store = fakeStore();
    for (let i = 0; i < 12; i++) rememberProfile(store, `/p/${i}.json`);
    rememberProfile(store, '/p/5.json');
    const recent = readDesktopState(store).recentProfiles;
    expect(recent).toHaveLength(RECENT_PROFILES_LIMIT);
    expect(recent.slice(0, 3)).toEqual(['/p/5.json', '/p/11.json', '/p/10.json']);
    expect(new Set(recent).size).toBe(recent.length);
  });

  it('a profile is recent when it first appears among the targets', () => {
    expect(profilesAdded(new Set(['/a.json']), ['/a.json', '/b.json'])).toEqual(['/b.json']);
    expect(profilesAdded(new Set(['/a.json']), [])).toEqual([]);
  });

  it('bounds on an attached display are kept', () => {
    const bounds = { x: 2000, y: 100, width: 1400, height: 900 };
    expect(visibleBounds(bounds, [FULL_HD, RIGHT])).toEqual(bounds);
  });

  it('bounds on a display that is gone are centred on the primary one', () => {
    const bounds = { x: 2000, y: 100, width: 1400, height: 900 };
    expect(visibleBounds(bounds, [FULL_HD])).toEqual({ x: 260, y: 70, width: 1400, height: 900 });
  });

  it('a window hanging off the edge is pulled back onto its display, and shrunk to fit it', () => {
    expect(visibleBounds({ x: 1700, y: -300, width: 1400, height: 900 }, [FULL_HD])).toEqual({
      x: 520,
      y: 0,
      width: 1400,
      height: 900,
    });
    expect(visibleBounds({ x: 0, y: 0, width: 5000, height: 3000 }, [FULL_HD])).toEqual(FULL_HD);
  });

  it('a window only a sliver of which shows counts as off-screen', () => {
    const sliver = { x: 1900, y: 100, width: 1000, height: 700 };
    expect(visibleBounds(sliver, [FULL_HD])).toEqual({ x: 460, y: 170, width: 1000, height: 700 });
  });

  it('never smaller than the minimum window, unless the display is', () => {
    expect(visibleBounds({ x: 10, y: 10, width: 200, height: 100 }, [FULL_HD])).toEqual({
      x: 10,
      y: 10,
      ...MIN_WINDOW,
    });
    const small = { x: 0, y: 0, width: 800, height: 500 };
    expect(visibleBounds({ x: 0, y: 0, width: 1400, height: 900 }, [small])).toEqual(small);
  });

  it('no display: nothing to restore', () => {
    expect(visibleBounds({ x: 0, y: 0, width: 1400, height: 900 }, [])).toBeUndefined();
  });

  it('stores the normal bounds of a maximised window, and its state', () => {
    const window = {
      getNormalBounds: () => ({ x: 5, y: 6, width: 1000, height: 700 }),
      isMaximized: () => true,
    };
    expect(windowStateOf(window)).toEqual({
      x: 5,
      y: 6,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it('opens in the colours of the stored theme', () => {
    expect(backgroundColorOf('light')).toBe('#ffffff');
    expect(backgroundColorOf('dark')).toBe('#1e1e1e');
    expect(backgroundColorOf(undefined)).toBe('#1e1e1e');
  });

  it('opens electron-store as desktop-state, and goes on without it when it cannot', async () => {
    const made: unknown[] = [];
    class FakeElectronStore {
      constructor(options: unknown) {
        made.push(options);
      }
      get = () => undefined;
      set = () => undefined;
    }
    const store = await openDesktopStore((specifier) =>
      Promise.resolve(specifier === 'electron-store' ? { default: FakeElectronStore } : {}),
    );
    expect(store).toBeInstanceOf(FakeElectronStore);
    expect(made).toEqual([{ name: 'desktop-state', clearInvalidConfig: true }]);
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await openDesktopStore(() => Promise.reject(new Error('not in Electron')))).toBe(
        undefined,
      );
    } finally {
      console.warn = warn;
    }
  });
});
