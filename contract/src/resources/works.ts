/** Public works: their schemas, their rows of the endpoint table and their rules (the zone geometry in `geometry`). */
export * from '../schemas/works.ts';
export { workEndpoints } from '../endpoints/works.ts';
