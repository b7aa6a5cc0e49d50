import { useTargetsStore } from '../../targets/store';

/** Which target the composer sends to (persisted as the active target). */
export function TargetPicker() {
  const { view, setActive, busy } = useTargetsStore();
  if (!view) return null;
  return (
    <label className="inline-field">
      <span>Target</span>
      <select
        data-testid="target-picker"
        value={view.activeTargetId}
        disabled={busy}
        onChange={(event) => void setActive(event.target.value)}
      >
        {view.targets.map((target) => (
          <option key={target.id} value={target.id}>
            {target.name}
            {target.kind === 'embedded' && !target.running ? ' — stopped' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
