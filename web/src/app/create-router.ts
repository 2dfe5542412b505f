/**
 * The browser router of the portal, made in two tasks. `createBrowserRouter` ranks the route table,
 * matches the address and starts the first navigation in one call: 20 to 35 ms on this 2-core
 * machine, the longest task of a phone's first load once the app's code is evaluated (Lighthouse's
 * phone profile counts it four times slower, and blocks from 50 ms). Here the router is made
 * (ranking and matching) in one task and started (the first navigation, the screen's `lazy`) in
 * the next. Same options as `createBrowserRouter` without server data: history of the window,
 * the route properties React Router maps (`Component`, `lazy`, `HydrateFallback`).
 */
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router-dom';
import { yieldToMain } from '@/lib/yield-to-main';
import type { AppRouter } from './app';

export async function createRouterInSteps(routes: RouteObject[]): Promise<AppRouter> {
  const router = createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
  await yieldToMain();
  return router.initialize();
}
