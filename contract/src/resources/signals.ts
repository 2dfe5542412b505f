/** Signals: their schemas, their rows of the endpoint table and their rules. */
export * from '../schemas/signals.ts';
export { signalEndpoints } from '../endpoints/signals.ts';
