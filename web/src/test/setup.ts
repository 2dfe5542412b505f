import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import './browser-console';

// Screens load lazily and talk to a real mock server: on a loaded 2-core CI machine the first
// render of a route can take seconds, so the find/waitFor queries wait up to 10 s (they return as
// soon as the element shows).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
