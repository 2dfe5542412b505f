/** The area dialogs, loaded on first use (see ../shared/wizard-slot.tsx). */
import { lazy } from 'react';

export const AddAreaDialog = lazy(() =>
  import('./add-area-dialog').then((m) => ({ default: m.AddAreaDialog })),
);
export const RenameAreaDialog = lazy(() =>
  import('./rename-area-dialog').then((m) => ({ default: m.RenameAreaDialog })),
);
