/** The session and the contracts: schemas and rows of the endpoint table. */
export * from '../schemas/session.ts';
export * from '../schemas/contracts.ts';
export { sessionEndpoints } from '../endpoints/session.ts';
