// axios's fetch adapter, imported on its own (lib/keepalive.ts): its build has no types of its own.
declare module 'axios/unsafe/adapters/fetch.js' {
  import type { AxiosAdapter } from 'axios';

  const adapter: AxiosAdapter;
  export default adapter;
}
