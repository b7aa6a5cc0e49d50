import { useState } from 'react';
import type { PreflightView, TargetProfileView } from '../../../../../main/api/contract';
import { api } from '../../../api';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useTargetsStore } from '../../../state/targets-store';
import { PreflightLines } from './PreflightLines';
import { NewProfileForm } from './NewProfileForm';

/** One profile: what it names, or what is wrong with it (each problem with its JSON path). */
function ProfileRow({ profile }: { profile: TargetProfileView }) {
  const { removeProfile, busy } = useTargetsStore();
  const [preflight, setPreflight] = useState<PreflightView>();
  const [checking, setChecking] = useState(false);
  const [preflightError, setPreflightError] = useState<unknown>();
  // The same pre-flight as `workbench doctor`: configuration errors found before a run.
  const runPreflight = async () => {
    setChecking(true);
    setPreflightError(undefined);
    try {
      setPreflight(await api.call('targets.preflight', { id: profile.id }));
    } catch (error) {
      setPreflightError(error);
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <tr data-testid="profile-row" data-profile={profile.id} data-ok={String(profile.ok)}>
        <td>
          <span data-testid="profile-name">{profile.name ?? profile.baseUrl ?? '—'}</span>{' '}
          {profile.mode && <span className={`badge badge-${profile.mode}`}>{profile.mode}</span>}
          <div className="muted">
            <code data-testid="profile-path">{profile.path}</code>
          </div>
          {profile.setBeforeNextLaunch && (
            <p className="warn" data-testid="profile-set-env">
              Held in memory until the workbench stops; set{' '}
              {profile.setBeforeNextLaunch.map((name, index) => (
                <span key={name}>
                  {index > 0 && ', '}
                  <code>{name}</code>
                </span>
              ))}{' '}
              in its environment before the next launch (and for the command line).
            </p>
          )}
        </td>
        <td>{profile.baseUrl ? <code data-testid="profile-url">{profile.baseUrl}</code> : '—'}</td>
        <td data-testid="profile-sca">{profile.scaMode ?? '—'}</td>
        <td>
          {profile.ok ? (
            <span className="badge badge-ok" data-testid="profile-state">
              reads
            </span>
          ) : (
            <ul className="notice notice-error" data-testid="profile-problems">
              {profile.problems.map((problem) => (
                <li key={problem}>
                  <code>{problem}</code>
                </li>
              ))}
            </ul>
          )}
        </td>
        <td>
          <div className="actions">
            <button
              type="button"
              disabled={checking}
              data-testid="profile-preflight"
              onClick={() => void runPreflight()}
            >
              {checking ? 'Checking…' : 'Pre-flight'}
            </button>{' '}
            <button
              type="button"
              disabled={busy}
              data-testid="profile-remove"
              onClick={() => void removeProfile(profile.id)}
            >
              Remove
            </button>
          </div>
        </td>
      </tr>
      {(preflight || preflightError !== undefined) && (
        <tr data-testid="profile-preflight-row">
          <td colSpan={5}>
            <ErrorNotice error={preflightError} doing="Checking the target profile" />
            {preflight && <PreflightLines report={preflight} />}
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * Target profiles: the banks `workbench run --target-file` runs against, added by their file's
 * path (the web host has no file dialog) or written from a form. The Runner lists them as targets.
 */
export function ProfilesPanel() {
  const profiles = useTargetsStore((s) => s.view?.profiles);
  const { addProfile, busy, profileError } = useTargetsStore();
  const [path, setPath] = useState('');
  const [creating, setCreating] = useState(false);
  if (!profiles) return null;
  return (
    <section className="card targets" aria-labelledby="profiles-title" data-testid="profiles">
      <h2 id="profiles-title">Target profiles</h2>
      <p className="muted">
        One JSON file per bank: its URL and mode, certificates, how SCA is completed and what a run
        may do to it (docs/targets.md). <code>workbench run --target-file</code> reads the same
        file.
      </p>
      <ErrorNotice
        error={profileError}
        doing="Changing the target profiles"
        testId="profile-error"
      />
      {profiles.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Profile</th>
              <th scope="col">URL</th>
              <th scope="col">SCA</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {profiles.map((profile) => (
              <ProfileRow key={profile.id} profile={profile} />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted" data-testid="profiles-empty">
          No target profile yet.
        </p>
      )}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void addProfile(path.trim()).then((ok) => ok && setPath(''));
        }}
      >
        <label className="inline-field wide">
          <span>Profile file</span>
          <input
            value={path}
            size={60}
            placeholder="/home/me/bank-profile.json"
            data-testid="profile-path-input"
            onChange={(e) => setPath(e.target.value)}
          />
        </label>
        <button type="submit" disabled={busy || !path.trim()} data-testid="profile-add">
          Add the profile
        </button>
      </form>
      {creating ? (
        <NewProfileForm onDone={() => setCreating(false)} />
      ) : (
        <button type="button" data-testid="profile-create" onClick={() => setCreating(true)}>
          Create a profile…
        </button>
      )}
    </section>
  );
}
