import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useLocation, useNavigate } from 'react-router-dom';

export interface FragmentTab {
  /** the URL fragment that selects the tab */
  key: string;
  title: string;
  render: () => ReactNode;
}

/** Tabs selected through the URL fragment; the first by default (portal.md "Contract detail tabs"). */
export function FragmentTabs({ id, tabs }: { id: string; tabs: FragmentTab[] }) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const fragment = decodeURIComponent(hash.replace(/^#/, ''));
  const active = tabs.some((tab) => tab.key === fragment) ? fragment : tabs[0]?.key;
  return (
    <Tabs
      id={id}
      activeKey={active}
      // a new tab starts from its first page: the list state of the other tabs is dropped; each
      // tab is a history entry (Back returns to the previous tab)
      onSelect={(key) => {
        if (key === active) return;
        void navigate({ hash: key ?? '', search: '' });
      }}
      mountOnEnter
      unmountOnExit
      className="mb-3"
    >
      {tabs.map((tab) => (
        <Tab key={tab.key} eventKey={tab.key} title={tab.title}>
          {tab.key === active ? tab.render() : null}
        </Tab>
      ))}
    </Tabs>
  );
}
