/**
 * Main's events feed the stores in one place, so every view shows the same live state: bank
 * status and clock, the bank's request log, the client's history, PSU sessions and SCA redirects,
 * targets, settings, keystore, saved collections, the suite runner's runs and the TPP test plan.
 */
import { api } from '../api';
import { useBankStore } from '../state/bank-store';
import { useCertificatesStore } from '../state/certificates-store';
import { useCollectionsStore } from '../features/composer/collections-store';
import { useCollectionRuns } from '../features/composer/collection-runs';
import { useComposerStore } from '../features/composer/store';
import { useHistoryStore } from '../features/history/store';
import { useRunnerStore } from '../features/runner/store';
import { useScaStore } from '../state/sca-store';
import { useSessionStore } from '../state/session-store';
import { useSettingsStore } from '../state/settings-store';
import { useTargetsStore } from '../state/targets-store';
import { useTppPlanStore } from '../features/tpp-plan/store';

export function connectLiveEvents(): () => void {
  const offs = [
    api.on('bank.status', (s) => {
      useBankStore.getState().receivedStatus(s);
      if (s.mode === 'sandbox') useTppPlanStore.getState().receivedBankUrl(s.url);
      useSessionStore.getState().bankMayHaveChanged();
    }),
    api.on('clock.changed', (c) => {
      useBankStore.getState().receivedClock(c);
      useSessionStore.getState().bankMayHaveChanged();
    }),
    // The bank's sessions change with the requests it answers (an SCA completing, §3.4).
    api.on('bank.exchange', (e) => {
      useBankStore.getState().receivedExchanges([e]);
      useSessionStore.getState().bankMayHaveChanged();
    }),
    api.on('bank.event', (e) => {
      useBankStore.getState().receivedEvents([e]);
      useSessionStore.getState().bankMayHaveChanged();
    }),
    api.on('history.added', (e) => useHistoryStore.getState().received(e)),
    api.on('session.changed', (s) => {
      useSessionStore.getState().received(s);
      // After SCA the session knows the PSU-ID and PSU-Corporate-ID: variables of the target.
      useComposerStore.getState().captureSession(s.targetId, s);
    }),
    api.on('sca.redirect', (e) => {
      useScaStore.getState().received(e);
      useSessionStore.getState().bankMayHaveChanged();
    }),
    api.on('targets.changed', (v) => useTargetsStore.getState().received(v)),
    api.on('settings.changed', (v) => useSettingsStore.getState().received(v)),
    api.on('certs.changed', (e) => useCertificatesStore.getState().receivedEntries(e)),
    api.on('keystore.changed', (s) => useCertificatesStore.getState().receivedStatus(s)),
    api.on('certs.progress', (p) => useCertificatesStore.getState().receivedProgress(p)),
    api.on('collections.changed', (c) => useCollectionsStore.getState().received(c)),
    api.on('collections.runProgress', (p) =>
      useCollectionRuns.getState().progress(p.collection, p.request),
    ),
    api.on('workspace.variablesChanged', (v) => useComposerStore.getState().receivedVariables(v)),
    api.on('workspace.tabsChanged', (v) => void useComposerStore.getState().receivedTabs(v)),
    // Batched again in the store: a run's events reach the view a few times a second.
    api.on('runner.event', (e) => useRunnerStore.getState().receivedEvent(e)),
    api.on('runner.finished', (s) => useRunnerStore.getState().receivedFinished(s)),
    api.on('plan.changed', (s) => useTppPlanStore.getState().received(s)),
    api.on('plan.progress', (p) => useTppPlanStore.getState().receivedProgress(p)),
  ];
  return () => offs.forEach((off) => off());
}

/** What every view needs from the start (status bar, target picker, theme). */
export async function loadShared(): Promise<void> {
  await Promise.all([
    useSettingsStore.getState().load(),
    useTargetsStore.getState().load(),
    useBankStore.getState().load(),
    useSessionStore.getState().load(),
    useCertificatesStore.getState().loadStatus(),
    useComposerStore.getState().loadVariables(),
    useComposerStore.getState().loadTabs(),
  ]);
}
