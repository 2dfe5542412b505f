/** Industrial sites: schemas and rows of the endpoint table. */
export * from '../schemas/sites.ts';
export { siteEndpoints } from '../endpoints/sites.ts';
