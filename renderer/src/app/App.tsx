import { useEffect } from 'react';
import { api } from '../api';
import { useSettings } from '../state/settings-store';
import { EditorKeyboardHint } from './EditorKeyboardHint';
import { HelpOverlay } from './HelpOverlay';
import { connectLiveEvents, loadShared } from './live';
import { SECTIONS, isTyping } from './sections';
import { useShellStore } from './shell-store';
import { StatusBar } from './StatusBar';
import { SkipLink } from '../components/SkipLink';
import { StorageNoticesBanner } from './StorageNoticesBanner';
import { VIEWS } from './views';

function useGlobalShortcuts() {
  const { open, toggleHelp } = useShellStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey) {
        const section = SECTIONS.find((s) => s.key && event.code === `Digit${s.key}`);
        if (section) {
          event.preventDefault();
          open(section.id);
          return;
        }
      }
      if (event.key === '?' && !isTyping(event.target)) {
        event.preventDefault();
        toggleHelp();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, toggleHelp]);
}

function useTheme() {
  const { theme } = useSettings();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}

function Workbench() {
  const { section, open } = useShellStore();
  useGlobalShortcuts();
  useTheme();
  useEffect(() => {
    const disconnect = connectLiveEvents();
    void loadShared();
    return disconnect;
  }, []);
  // Main hears which view is open: the desktop app opens on it next time.
  useEffect(() => {
    api.call('app.viewShown', { view: section }).catch(() => undefined);
  }, [section]);
  const View = VIEWS[section];
  return (
    <div className="shell">
      <SkipLink targetId="main-content" testId="skip-to-view">
        Skip to the view
      </SkipLink>
      <nav className="shell-nav" aria-label="Sections">
        <div className="brand">PSD2 Workbench</div>
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            data-testid={`nav-${s.id}`}
            aria-current={section === s.id ? 'page' : undefined}
            aria-keyshortcuts={s.key ? `Alt+${s.key}` : undefined}
            onClick={() => open(s.id)}
          >
            {s.label}
          </button>
        ))}
        <button
          type="button"
          className="nav-help"
          data-testid="nav-help"
          aria-keyshortcuts="?"
          onClick={() => useShellStore.getState().toggleHelp(true)}
        >
          Shortcuts <kbd>?</kbd>
        </button>
      </nav>
      <main className="shell-main" id="main-content" tabIndex={-1}>
        <StorageNoticesBanner />
        <View />
      </main>
      <StatusBar />
      <EditorKeyboardHint />
      <HelpOverlay />
    </div>
  );
}

export function App() {
  if (!api.available) {
    return (
      <main className="disconnected" data-testid="no-token">
        <h1>PSD2 Workbench</h1>
        <p>
          This page has no connection to the workbench. Open the exact URL that{' '}
          <code>npm run web</code> printed: it carries a per-launch token.
        </p>
      </main>
    );
  }
  return <Workbench />;
}
