/**
 * The query parameter that opens the report form on a refused report, for correction. A module of
 * its own: the form reads it without loading the list of waiting reports.
 */
export const CORRECT_PARAM = 'corriger';
