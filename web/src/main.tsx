/** The app, loaded by the boot script (boot.ts) once it knows the visit stays on the portal. */
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from '@/config/runtime-config';
import { initI18n } from '@/lib/i18n';
import { startMonitoring } from '@/lib/monitoring';
import { App } from '@/app/app';
import { createRouterInSteps } from '@/app/create-router';
import { buildRoutes } from '@/app/router';
import { loadScreenOf } from '@/app/screen-loader';
import { yieldToMain } from '@/lib/yield-to-main';

export async function startApp(config: RuntimeConfig): Promise<void> {
  // each step below is a task of its own: the app's code has just been evaluated in one, and the
  // phone profile's blocking time counts every task over 50 ms (12.5 ms here, with its CPU 4× slower)
  await yieldToMain();
  // the screen of the address starts loading beside the translations, not once the router asks
  loadScreenOf(window.location.pathname);
  const translations = initI18n();
  // a failure is thrown by the await below, not reported as unhandled while the router is made
  translations.catch(() => undefined);
  await yieldToMain();
  // the route table is ranked and matched while the translations travel, not in the first render
  const router = await createRouterInSteps(buildRoutes());
  await translations;
  await yieldToMain();
  startMonitoring(config);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  const reactRoot = createRoot(root);
  // a transition: React renders the first screen in slices and keeps the page responsive
  // (the frame of index.html stays painted until the first screen is ready)
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
