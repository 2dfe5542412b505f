/**
 * How a call that outlives the page goes out: by fetch with `keepalive`, through axios's fetch
 * adapter. Imported by the screens that send such a call, so the adapter ships with them and not
 * in every page (tools/axios-fetch-apart.ts).
 */
import fetchAdapter from 'axios/unsafe/adapters/fetch.js';
import type { Keepalive } from './api-client';

export const keepalive: Keepalive = { adapter: fetchAdapter };
