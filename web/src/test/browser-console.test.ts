import { describe, expect, it } from 'vitest';
import { browserConsole } from './browser-console';

describe("the page's console in unit tests", () => {
  it('keeps what a refused request writes, for a failing test to print', async () => {
    await expect(fetch('http://127.0.0.1:1/refuse')).rejects.toThrow();
    expect(browserConsole()).toEqual([expect.stringMatching(/^\[browser error\] .*ECONNREFUSED/s)]);
  });

  it('starts each test empty', () => {
    expect(browserConsole()).toEqual([]);
  });
});
