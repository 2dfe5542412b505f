/** The dashboard, its widgets and documents: schemas and rows of the endpoint table. */
export * from '../schemas/dashboard.ts';
export { dashboardEndpoints } from '../endpoints/dashboard.ts';
