/**
 * The add wizards (in ../wizards), loaded on first use. Each takes
 * { show, onHide, contractId, organizationId?, onDone? } plus its own extra props.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';

export const AddOrganizationWizard = lazy(() =>
  import('../wizards/add-organization-wizard').then((m) => ({ default: m.AddOrganizationWizard })),
);
export const EditOrganizationDialog = lazy(() =>
  import('../wizards/edit-organization-dialog').then((m) => ({ default: m.EditOrganizationDialog })),
);
export const RenameAreaDialog = lazy(() =>
  import('../wizards/rename-area-dialog').then((m) => ({ default: m.RenameAreaDialog })),
);
export const AddUsersWizard = lazy(() =>
  import('../wizards/add-users-wizard').then((m) => ({ default: m.AddUsersWizard })),
);
export const AddAreaDialog = lazy(() =>
  import('../wizards/add-area-dialog').then((m) => ({ default: m.AddAreaDialog })),
);
export const AddOrganizationAreasDialog = lazy(() =>
  import('../wizards/add-organization-areas-dialog').then((m) => ({ default: m.AddOrganizationAreasDialog })),
);
export const AddOrganizationServicesDialog = lazy(() =>
  import('../wizards/add-organization-services-dialog').then((m) => ({
    default: m.AddOrganizationServicesDialog,
  })),
);
export const AddContractServicesWizard = lazy(() =>
  import('../wizards/add-contract-services-wizard').then((m) => ({ default: m.AddContractServicesWizard })),
);

/** The open/closed state of one wizard; it mounts (and loads) on first opening only. */
export function useWizard(): { show: boolean; opened: boolean; open: () => void; hide: () => void } {
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  return {
    show,
    opened,
    open: () => {
      setOpened(true);
      setShow(true);
    },
    hide: () => setShow(false),
  };
}

/** Renders a lazily loaded wizard once it has been opened. */
export function WizardSlot({ opened, children }: { opened: boolean; children: ReactNode }) {
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
