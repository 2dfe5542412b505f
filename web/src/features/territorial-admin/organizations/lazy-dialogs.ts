/** The organization wizard and dialogs, loaded on first use (see ../shared/wizard-slot.tsx). */
import { lazy } from 'react';

export const AddOrganizationWizard = lazy(() =>
  import('./add-organization-wizard').then((m) => ({ default: m.AddOrganizationWizard })),
);
export const EditOrganizationDialog = lazy(() =>
  import('./edit-organization-dialog').then((m) => ({ default: m.EditOrganizationDialog })),
);
export const AddOrganizationAreasDialog = lazy(() =>
  import('./add-organization-areas-dialog').then((m) => ({ default: m.AddOrganizationAreasDialog })),
);
