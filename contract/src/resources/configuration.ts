/** Services and their configurations: schemas, rows of the endpoint table and the secret rules. */
export * from '../schemas/services.ts';
export { configurationEndpoints } from '../endpoints/configuration.ts';
