/**
 * What a signed-in page starts once it has painted (app-shell.tsx, docs/offline.md): the service
 * worker and the sending of the reports waiting on the device. Never loaded by a signed-out visit.
 */
import { registerServiceWorker } from './service-worker';
import { startReportSync } from './sync';

export function startOffline(): void {
  startReportSync();
  void registerServiceWorker();
}
