/** The cache of built scenarios is bounded in bytes, the least recently used dropped first. */
import { describe, expect, it } from 'vitest';
import { BuiltStates, stringBytes } from '../src/runtime/partitions.ts';

describe('built scenarios cache', () => {
  it('counts a string of Latin-1 characters one byte each, any other text two', () => {
    expect(stringBytes('abcé')).toBe(4);
    expect(stringBytes('ab’c')).toBe(8);
  });

  it('keeps states within its byte budget, dropping the least recently used', () => {
    const cache = new BuiltStates(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'y'.repeat(40));
    expect(cache.get('a')).toHaveLength(40); // a is now the most recently used
    cache.set('c', 'z'.repeat(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toHaveLength(40);
    expect(cache.get('c')).toHaveLength(40);
    expect(cache.bytes).toBe(80);
    expect(cache.bytes).toBeLessThanOrEqual(cache.budgetBytes);
  });

  it('does not keep a state larger than the whole budget, and keeps the others', () => {
    const cache = new BuiltStates(100);
    cache.set('a', 'x'.repeat(40));
    cache.set('huge', 'h'.repeat(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toHaveLength(40);
    expect(cache.size).toBe(1);
  });

  it('replaces a key without counting it twice', () => {
    const cache = new BuiltStates(100);
    cache.set('a', 'x'.repeat(60));
    cache.set('a', 'x'.repeat(60));
    expect(cache.bytes).toBe(60);
  });
});
