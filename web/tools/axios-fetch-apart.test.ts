import axios from 'axios';
import { describe, expect, it } from 'vitest';
import { keepalive } from '@/lib/keepalive';

// this project's Vite configuration has the plugin, as the build has: axios as the pages get it
describe('axios without its fetch adapter in the table', () => {
  it('refuses the fetch adapter by name, with axios own error', () => {
    expect(() => axios.getAdapter('fetch')).toThrow(/fetch/);
  });

  it('still sends by XMLHttpRequest', () => {
    expect(typeof axios.getAdapter('xhr')).toBe('function');
  });

  it('keeps the fetch adapter for the calls that name it', () => {
    expect(typeof keepalive.adapter).toBe('function');
  });
});
