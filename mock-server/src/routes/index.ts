/** Every handler, by endpoint id. The type makes a missing handler a compile error; a test checks it too. */
import { configurationHandlers } from './configuration.ts';
import { dashboardHandlers } from './dashboard.ts';
import { operationHandlers } from './operations.ts';
import { sessionHandlers } from './session.ts';
import { siteHandlers } from './sites.ts';
import { territoryHandlers } from './territory.ts';
import type { Handlers } from '../middleware/handler-types.ts';

export const handlers: Handlers = {
  ...sessionHandlers,
  ...configurationHandlers,
  ...territoryHandlers,
  ...siteHandlers,
  ...operationHandlers,
  ...dashboardHandlers,
};
