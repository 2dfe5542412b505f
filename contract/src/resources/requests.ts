/** Service requests: their schemas, their rows of the endpoint table and their rules. */
export * from '../schemas/requests.ts';
export { requestEndpoints } from '../endpoints/requests.ts';
