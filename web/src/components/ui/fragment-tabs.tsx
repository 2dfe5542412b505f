import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export interface FragmentTab {
  /** the URL fragment that selects the tab */
  key: string;
  title: string;
  render: () => ReactNode;
}

/** The tab an arrow, Home or End key moves to from tab `index` of `count` (the arrows wrap). */
function tabAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs selected through the URL fragment, the first by default (portal.md "Contract detail tabs"),
 * following the WAI-ARIA tabs pattern with automatic activation: only the selected tab is in the
 * Tab order (roving tabindex); Arrow Left/Right move to the previous/next tab, wrapping, Home and
 * End to the first and last, and select it, the focus going with the selection. Only the selected
 * tab's panel is drawn. A new tab starts from its first page: the list state of the other tabs is
 * dropped; each tab is a history entry (Back returns to the previous tab).
 */
export function FragmentTabs({ id, tabs }: { id: string; tabs: FragmentTab[] }) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const fragment = decodeURIComponent(hash.replace(/^#/, ''));
  const active = tabs.find((tab) => tab.key === fragment) ?? tabs[0];
  const select = (key: string) => {
    if (key !== active?.key) void navigate({ hash: key, search: '' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(event.key, index, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    // the focus moves now, on the tab that is being selected, whatever the time the URL takes
    buttons.current.get(tab.key)?.focus();
    select(tab.key);
  };
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-tabpane-${key}`;
  return (
    <>
      <div role="tablist" id={id} className="nav nav-tabs mb-3">
        {tabs.map((tab, index) => {
          const selected = tab.key === active?.key;
          return (
            <div key={tab.key} role="presentation" className="nav-item">
              <button
                ref={(element) => {
                  if (element) buttons.current.set(tab.key, element);
                  else buttons.current.delete(tab.key);
                }}
                type="button"
                role="tab"
                id={tabId(tab.key)}
                aria-controls={panelId(tab.key)}
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                className={`nav-link ${selected ? 'active' : ''}`}
                onClick={() => select(tab.key)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tab.title}
              </button>
            </div>
          );
        })}
      </div>
      {active ? (
        <div
          role="tabpanel"
          id={panelId(active.key)}
          aria-labelledby={tabId(active.key)}
          // the panel takes the focus after its tab when it starts with no focusable content
          tabIndex={0}
          className="tab-content"
        >
          {active.render()}
        </div>
      ) : null}
    </>
  );
}
