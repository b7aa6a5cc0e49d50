import { TargetSwitcher } from '../../targets/components/TargetSwitcher';

/** Which target the composer sends to, and its environment: the one switcher (docs/targets.md). */
export function TargetPicker() {
  return <TargetSwitcher use="send" testId="target-picker" />;
}
