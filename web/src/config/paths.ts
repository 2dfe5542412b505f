/** The portal's routes (portal.md section 2): one table, in @portal/contract. */
export { paths, routeRules, buildPath, matchRoute, type RouteRule } from '@portal/contract/routes';
