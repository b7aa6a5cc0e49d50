import { useEffect, useState, type ReactNode } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { FIXES } from '../../../../../main/core/spec/fixes';
import { useSettings, useSettingsStore } from '../../../state/settings-store';

/**
 * Theme, the defaults the composer fills in, request timeout; targets; where files live. The
 * targets' panels are the targets screen's: the app passes them in as `children`, shown between
 * the defaults and where files live. The x-accept-fix names offered are the §9.2 catalogue.
 */
export function SettingsScreen({ children }: { children?: ReactNode }) {
  const settings = useSettings();
  const { view, update, saving, error } = useSettingsStore();
  const [form, setForm] = useState(settings);
  const [saved, setSaved] = useState('');
  useEffect(() => setForm(settings), [settings]);

  return (
    <section className="settings" aria-labelledby="settings-title">
      <header className="view-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      <fieldset className="card theme-choice">
        <legend>Theme</legend>
        {(['dark', 'light'] as const).map((theme) => (
          <label key={theme} className="checkbox">
            <input
              type="radio"
              name="theme"
              value={theme}
              checked={settings.theme === theme}
              data-testid={`theme-${theme}`}
              onChange={() => void update({ theme })}
            />
            {theme === 'dark' ? 'Dark' : 'Light'}
          </label>
        ))}
      </fieldset>
      <form
        className="card form-grid"
        data-testid="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          setSaved('');
          void update({
            defaultPsuIpAddress: form.defaultPsuIpAddress.trim(),
            defaultAcceptFix: form.defaultAcceptFix.trim(),
            requestTimeoutMs: form.requestTimeoutMs,
          }).then((ok) => ok && setSaved('Saved.'));
        }}
      >
        <h2>Composer defaults</h2>
        <label className="field">
          <span>Default PSU-IP-Address (§4.1; §8 limits calls without it)</span>
          <input
            value={form.defaultPsuIpAddress}
            data-testid="settings-psu-ip"
            onChange={(e) => setForm({ ...form, defaultPsuIpAddress: e.target.value })}
          />
        </label>
        <label className="field">
          <span>Default x-accept-fix (§9.2, comma-separated)</span>
          <input
            value={form.defaultAcceptFix}
            list="fix-names"
            data-testid="settings-accept-fix"
            onChange={(e) => setForm({ ...form, defaultAcceptFix: e.target.value })}
          />
          <datalist id="fix-names">
            {FIXES.map((fix) => (
              <option key={fix.name} value={fix.name}>
                {fix.effect}
              </option>
            ))}
          </datalist>
        </label>
        <label className="field">
          <span>Request timeout (seconds)</span>
          <input
            type="number"
            min={1}
            max={600}
            value={Math.round(form.requestTimeoutMs / 1000)}
            data-testid="settings-timeout"
            onChange={(e) => setForm({ ...form, requestTimeoutMs: Number(e.target.value) * 1000 })}
          />
        </label>
        <div className="actions">
          <button type="submit" className="primary" disabled={saving} data-testid="settings-save">
            Save
          </button>
          <span role="status" aria-live="polite" className="ok">
            {saved}
          </span>
        </div>
        <ErrorNotice error={error} doing="Saving the settings" testId="settings-error" />
      </form>
      {children}
      <p className="muted">
        {view?.dataDir ? (
          <>
            Settings, targets, saved requests and the keystore are kept in{' '}
            <code data-testid="data-dir">{view.dataDir}</code>.
          </>
        ) : (
          'This workbench keeps nothing on disk.'
        )}
      </p>
    </section>
  );
}
