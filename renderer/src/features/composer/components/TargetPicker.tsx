import { useRunnerStore } from '../../runner/store';
import { TargetSwitcher } from '../../targets/components/TargetSwitcher';

/**
 * Which target the composer sends to, and its environment: the one switcher (docs/targets.md).
 * The target is the Runner's too, so while a run runs it stays the run's (the Runner names it as
 * the bank under test); the composer says why, and its requests go to that target meanwhile.
 */
export function TargetPicker() {
  const running = useRunnerStore((s) => s.activeRunId !== undefined);
  return (
    <TargetSwitcher
      use="send"
      testId="target-picker"
      locked={running}
      {...(running
        ? { lockedReason: 'a run is in progress in the Runner against this target' }
        : {})}
    />
  );
}
