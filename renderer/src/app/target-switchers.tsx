/**
 * The one target switcher (the targets screen's) as the composer and the Runner show it. Its
 * environments are the active target's workspace variables, which the composer keeps; the app
 * hands them over, so neither screen reads the other's store (docs/targets.md, docs/variables.md).
 */
import { useComposerStore } from '../features/composer/store';
import { useRunnerStore } from '../features/runner/store';
import { TargetSwitcher } from '../features/targets/components/TargetSwitcher';
import type { TargetUse } from '../state/target-choices';
import { useTargetsStore } from '../state/targets-store';

interface SwitcherProps {
  use: TargetUse;
  testId: string;
  locked: boolean;
  lockedReason?: string;
}

/** The switcher with the active target's environments from the composer's variables. */
export function ActiveTargetSwitcher(props: SwitcherProps) {
  const targetId = useTargetsStore((s) => s.view?.activeTargetId);
  const variables = useComposerStore((s) =>
    targetId === undefined ? undefined : s.variables[targetId],
  );
  return (
    <TargetSwitcher
      {...props}
      variables={variables}
      switchEnvironment={(id, name) => useComposerStore.getState().switchEnvironment(id, name)}
    />
  );
}

/**
 * Which target the composer sends to, and its environment. The target is the Runner's too, so
 * while a run runs it stays the run's (the Runner names it as the bank under test); the composer
 * says why, and its requests go to that target meanwhile.
 */
export function ComposerTargetPicker() {
  const running = useRunnerStore((s) => s.activeRunId !== undefined);
  return (
    <ActiveTargetSwitcher
      use="send"
      testId="target-picker"
      locked={running}
      {...(running
        ? { lockedReason: 'a run is in progress in the Runner against this target' }
        : {})}
    />
  );
}
