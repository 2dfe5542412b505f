/**
 * The control API (/__mock) as its callers see it: its shapes, its rows and the one client. The
 * package's `@portal/mock-server/control` entry, used by the mock itself, the CLI, the end-to-end
 * fixtures, the bench and the portal's tests; never by the portal's own code (lint), since the
 * real backend has none of it.
 */
export * from './schemas.ts';
export * from './endpoints.ts';
export * from './client.ts';
