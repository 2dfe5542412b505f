/** The services wizards, loaded on first use (see ../shared/wizard-slot.tsx). */
import { lazy } from 'react';

export const AddOrganizationServicesDialog = lazy(() =>
  import('./add-organization-services-dialog').then((m) => ({
    default: m.AddOrganizationServicesDialog,
  })),
);
export const AddContractServicesWizard = lazy(() =>
  import('./add-contract-services-wizard').then((m) => ({ default: m.AddContractServicesWizard })),
);
