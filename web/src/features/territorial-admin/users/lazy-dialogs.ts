/** The add-users wizard, loaded on first use (see ../shared/wizard-slot.tsx). */
import { lazy } from 'react';

export const AddUsersWizard = lazy(() =>
  import('./add-users-wizard').then((m) => ({ default: m.AddUsersWizard })),
);
