/** index.html's one inline script (first-load-hint.mjs). */
export const FIRST_LOAD_HINT: string;
/** The CSP source that allows it: 'sha256-…'. */
export const FIRST_LOAD_HINT_SOURCE: string;
