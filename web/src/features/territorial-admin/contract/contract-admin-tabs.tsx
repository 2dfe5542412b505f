import { useTranslation } from '@/lib/i18n';
import { AreasTab } from '../areas/areas-tab';
import { FragmentTabs, type FragmentTab } from '@/components/ui/fragment-tabs';
import { IndustrialSitesTab } from '../sites/industrial-sites-tab';
import { OrganizationsTab } from '../organizations/organizations-tab';
import { ServicesTab } from '../services/services-tab';
import { UsersTab } from '../users/users-tab';

const CONTRACT_TABS = [
  'territoires',
  'utilisateurs',
  'sites-industriels',
  'organisations',
  'exploitants',
  'services',
] as const;
export type ContractTab = (typeof CONTRACT_TABS)[number];

/**
 * The administration tabs of a contract (areas, users, industrial sites, organizations, operators,
 * services), shared by the contract details and the territorial management screens.
 */
export function ContractAdminTabs({
  contractId,
  tabs = CONTRACT_TABS,
  readOnly = false,
  hideAddArea = false,
}: {
  contractId: number;
  tabs?: readonly ContractTab[];
  readOnly?: boolean;
  hideAddArea?: boolean;
}) {
  const { t } = useTranslation();
  const all: Record<ContractTab, FragmentTab> = {
    territoires: {
      key: 'territoires',
      title: t('territorial_admin.tabs.areas'),
      render: () => <AreasTab contractId={contractId} readOnly={readOnly} hideAdd={hideAddArea} />,
    },
    utilisateurs: {
      key: 'utilisateurs',
      title: t('territorial_admin.tabs.users'),
      render: () => <UsersTab contractId={contractId} readOnly={readOnly} />,
    },
    'sites-industriels': {
      key: 'sites-industriels',
      title: t('territorial_admin.tabs.sites'),
      render: () => <IndustrialSitesTab contractId={contractId} readOnly={readOnly} />,
    },
    organisations: {
      key: 'organisations',
      title: t('territorial_admin.tabs.organizations'),
      render: () => <OrganizationsTab contractId={contractId} type="Community" readOnly={readOnly} />,
    },
    exploitants: {
      key: 'exploitants',
      title: t('territorial_admin.tabs.operators'),
      render: () => <OrganizationsTab contractId={contractId} type="Operator" readOnly={readOnly} />,
    },
    services: {
      key: 'services',
      title: t('territorial_admin.tabs.services'),
      render: () => <ServicesTab contractId={contractId} readOnly={readOnly} />,
    },
  };
  return <FragmentTabs id="contract-admin-tabs" tabs={tabs.map((tab) => all[tab])} />;
}
