/** The app, loaded by the boot script (boot.ts) once it knows the visit stays on the portal. */
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from '@/config/runtime-config';
import { initI18n } from '@/lib/i18n';
import { startMonitoring } from '@/lib/monitoring';
import { App } from '@/app/app';

export async function startApp(config: RuntimeConfig, returnedToken: boolean): Promise<void> {
  await initI18n();
  startMonitoring(config);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <App returnedToken={returnedToken} />
    </StrictMode>,
  );
}
