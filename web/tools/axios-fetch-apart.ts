/**
 * axios's fetch adapter out of the app's chunk. axios registers all its adapters in one table
 * (lib/adapters/adapters.js), so every page shipped the fetch adapter (with its stream and
 * multipart helpers) although the portal sends its calls by XMLHttpRequest (upload progress). The
 * one call that goes by fetch, a keepalive save as the page goes away, names the adapter itself
 * (lib/keepalive.ts), and it ships with the screens that send one. Here axios's table gets an
 * empty `fetch` entry: asking axios for it by name fails with axios's own "not available" error.
 */
import type { Plugin } from 'vite';

const EMPTY_FETCH = '\0axios-fetch-apart';
const ADAPTER_TABLE = /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/;

export function axiosFetchApart(): Plugin {
  return {
    name: 'portal-axios-fetch-apart',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './fetch.js' && importer && ADAPTER_TABLE.test(importer)) return EMPTY_FETCH;
      return null;
    },
    load(id) {
      // the table reads `getFetch` (the adapter for a configured env): none here
      if (id === EMPTY_FETCH) return 'export const getFetch = () => undefined;\nexport default undefined;\n';
      return null;
    },
  };
}
