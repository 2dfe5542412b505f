/** Calendars, their events and categories: schemas, rows of the endpoint table and rules. */
export * from '../schemas/calendars.ts';
export { calendarEndpoints } from '../endpoints/calendars.ts';
