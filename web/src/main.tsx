import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { captureReturnedToken } from '@/lib/auth/session';
import { initI18n } from '@/lib/i18n';
import { startMonitoring } from '@/lib/monitoring';
import { App } from '@/app/app';

async function start() {
  // a returning ?token= leaves the address bar before anything else runs
  const returnedToken = captureReturnedToken();
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  startMonitoring(config);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <App returnedToken={returnedToken} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<main style="padding:2rem;font-family:sans-serif"><h1>Le portail ne peut pas démarrer</h1><p>La configuration est inaccessible. Réessayez plus tard.</p></main>';
  }
});
