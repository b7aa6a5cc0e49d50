import { useState } from 'react';
import { useSettingsStore } from '../state/settings-store';
import { EMPTY } from '../lib/empty';

/** Files the workbench could not read (moved aside): said once, prominently, until dismissed. */
export function StorageNoticesBanner() {
  const notices = useSettingsStore((s) => s.view?.notices ?? EMPTY);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const shown = notices.filter((n) => !dismissed.includes(n.at + n.file));
  if (shown.length === 0) return null;
  return (
    <div className="notice notice-warn" role="alert" data-testid="storage-notices">
      {shown.map((notice) => (
        <p key={notice.at + notice.file}>
          {notice.message}{' '}
          <button
            type="button"
            className="link"
            onClick={() => setDismissed((d) => [...d, notice.at + notice.file])}
          >
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
