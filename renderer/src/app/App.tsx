import { useShellStore, type Section } from './shell-store';
import { api } from '../api';
import { About } from '../features/about/About';
import { Composer } from '../features/composer/Composer';

const sections: { id: Section; label: string }[] = [
  { id: 'composer', label: 'Composer' },
  { id: 'about', label: 'About' },
];

export function App() {
  const { section, open } = useShellStore();
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
  return (
    <div className="shell">
      <nav className="shell-nav" aria-label="Sections">
        <div className="brand">PSD2 Workbench</div>
        {sections.map((s) => (
          <button
            key={s.id}
            type="button"
            data-testid={`nav-${s.id}`}
            aria-current={section === s.id ? 'page' : undefined}
            onClick={() => open(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <main className="shell-main">{section === 'composer' ? <Composer /> : <About />}</main>
    </div>
  );
}
