import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyFieldErrors } from './apply-field-errors';

interface Values {
  title: string;
  location: { lat: number; lng: number };
  zoneText: string;
}

const answer = new ApiError(400, 'Invalid body', {
  message: 'Invalid body',
  errors: [
    { path: 'title', message: 'Required' },
    { path: 'location.lat', message: 'Too big' },
    { path: 'zone', message: 'Outside the contract' },
    { path: 'unknown', message: 'Nope' },
  ],
});

describe('applyFieldErrors', () => {
  it("puts each field error on its field with the server's message, nested paths on their head, others left out", () => {
    const setError = vi.fn();
    const applied = applyFieldErrors<Values>({ setError }, answer, ['title', 'location']);
    expect(applied).toBe(2);
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'Required' }],
      ['location', { type: 'server', message: 'Too big' }],
    ]);
  });

  it('renames a server field onto the form field and lets the form choose the message', () => {
    const setError = vi.fn();
    applyFieldErrors<Values>({ setError }, answer, ['title'], {
      rename: { zone: 'zoneText' },
      message: (fieldError, field) => `${field}:${fieldError.message}`,
    });
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'title:Required' }],
      ['zoneText', { type: 'server', message: 'zoneText:Outside the contract' }],
    ]);
  });

  it('sets nothing for a failure that is not an API answer, or one without field errors', () => {
    const setError = vi.fn();
    expect(applyFieldErrors<Values>({ setError }, new Error('offline'), ['title'])).toBe(0);
    expect(applyFieldErrors<Values>({ setError }, new ApiError(500, 'down'), ['title'])).toBe(0);
    expect(setError).not.toHaveBeenCalled();
  });
});
