/** Every handler, by endpoint id. The type makes a missing handler a compile error; a test checks it too. */
import { configurationHandlers } from './configuration.ts';
import { sessionHandlers } from './session.ts';
import type { Handlers } from './types.ts';

export const handlers: Partial<Handlers> = {
  ...sessionHandlers,
  ...configurationHandlers,
};
