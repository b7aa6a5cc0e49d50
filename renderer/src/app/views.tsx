/**
 * The screens as the shell shows them, one per section. A screen that shows a part of another
 * (the composer the SCA panels and the target switcher, the Runner the switcher, Settings the
 * targets' panels) gets it here: the app composes the features, which never import each other.
 */
import { About } from '../features/about/About';
import { BankConsole } from '../features/bank/components/BankConsole';
import { CertificatesView } from '../features/certificates/components/CertificatesView';
import { Composer } from '../features/composer/components/Composer';
import type { ComposerSlots } from '../features/composer/components/composer-slots';
import { HistoryView } from '../features/history/components/HistoryView';
import { RunnerView } from '../features/runner/components/RunnerView';
import { ScaPanel } from '../features/sca/components/ScaPanel';
import { ScaRecorder } from '../features/sca/components/ScaRecorder';
import { SettingsScreen } from '../features/settings/components/SettingsScreen';
import { ProfilesPanel } from '../features/targets/components/ProfilesPanel';
import { TargetsPanel } from '../features/targets/components/TargetsPanel';
import { TppPlanView } from '../features/tpp-plan/components/TppPlanView';
import type { Section } from './shell-store';
import { ActiveTargetSwitcher, ComposerTargetPicker } from './target-switchers';

const COMPOSER_SLOTS: ComposerSlots = {
  targetPicker: <ComposerTargetPicker />,
  scaPanel: <ScaPanel />,
  scaRecorder: (answer) => <ScaRecorder {...answer} />,
};

function ComposerScreen() {
  return <Composer slots={COMPOSER_SLOTS} />;
}

function RunnerScreen() {
  return (
    <RunnerView
      targetSwitcher={(locked) => (
        <ActiveTargetSwitcher use="run" testId="runner-target" locked={locked} />
      )}
    />
  );
}

function SettingsWithTargets() {
  return (
    <SettingsScreen>
      <TargetsPanel />
      <ProfilesPanel />
    </SettingsScreen>
  );
}

export const VIEWS: Record<Section, () => React.JSX.Element> = {
  certificates: CertificatesView,
  composer: ComposerScreen,
  bank: BankConsole,
  runner: RunnerScreen,
  'tpp-plan': TppPlanView,
  history: HistoryView,
  settings: SettingsWithTargets,
  about: About,
};
