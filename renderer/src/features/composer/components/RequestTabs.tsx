import { ErrorNotice } from '../../../components/ErrorNotice';
import { useComposerStore } from '../store';
import '../tabs.css';
import { tabTitle } from '../tabs';

/** The open requests: each tab keeps its own form and answer (kept across a reload). */
export function RequestTabs() {
  const tabSet = useComposerStore((s) => s.tabSet);
  const draft = useComposerStore((s) => s.draft);
  const tabsError = useComposerStore((s) => s.tabsError);
  const endpoints = useComposerStore((s) => s.catalogue?.endpoints);
  const { newTab, switchTab, closeTab } = useComposerStore.getState();
  return (
    <>
      <ErrorNotice error={tabsError} doing="Keeping the tabs" testId="request-tabs-error" />
      <div
        className="request-tabs"
        role="group"
        aria-label="Open requests"
        data-testid="request-tabs"
      >
        {tabSet.tabs.map((tab) => {
          const active = tab.id === tabSet.activeTabId;
          const title = tabTitle(active ? draft : tab.draft, endpoints);
          return (
            <span key={tab.id} className={active ? 'request-tab active' : 'request-tab'}>
              <button
                type="button"
                aria-current={active ? 'true' : undefined}
                data-testid="request-tab"
                data-tab={tab.id}
                onClick={() => switchTab(tab.id)}
              >
                {title}
              </button>
              <button
                type="button"
                className="link"
                aria-label={`Close ${title}`}
                data-testid="request-tab-close"
                onClick={() => closeTab(tab.id)}
              >
                ×
              </button>
            </span>
          );
        })}
        <button
          type="button"
          data-testid="request-tab-new"
          aria-label="New request tab"
          onClick={newTab}
        >
          +
        </button>
      </div>
    </>
  );
}
