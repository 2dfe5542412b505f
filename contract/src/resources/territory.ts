/** Areas, organizations, users and contract services: schemas and rows of the endpoint table. */
export * from '../schemas/territory.ts';
export * from '../schemas/users.ts';
export { territoryEndpoints } from '../endpoints/territory.ts';
