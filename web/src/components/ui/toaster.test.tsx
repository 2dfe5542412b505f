import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/error-message';
import { clearToasts } from '@/lib/toast';
import { setupI18n } from '@/test/render';
import { Toaster } from './toaster';

beforeAll(setupI18n);
afterEach(clearToasts);

describe('a failure toast', () => {
  it('says what failed and why in French, the server words folded under "Détails techniques"', async () => {
    const { container } = render(<Toaster />);
    act(() => toastFailure(new ApiError(500, 'deadlock detected'), "L'enregistrement a échoué."));
    const failure = container.querySelector('[data-toast="danger"]');
    expect(failure).not.toBeNull();
    const details = failure?.querySelector('details');
    const sentence = failure?.textContent?.replace(details?.textContent ?? '', '').trim();
    expect(sentence).toBe(
      "L'enregistrement a échoué. Le serveur a rencontré une erreur. Réessayez dans quelques instants.",
    );
    expect(details?.open).toBe(false);
    await userEvent.click(screen.getByText('Détails techniques'));
    expect(details?.open).toBe(true);
    expect(details?.querySelector('code')?.textContent).toBe('500 deadlock detected');
  });

  it('has no details when the failure carries no words of its own', () => {
    const { container } = render(<Toaster />);
    act(() => toastFailure(new ApiError(0, ''), 'La suppression a échoué.'));
    const failure = container.querySelector('[data-toast="danger"]');
    expect(failure?.textContent).toContain("Le serveur n'a pas pu être joint.");
    expect(failure?.querySelector('details')).toBeNull();
  });
});
