import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { setupI18n } from '@/test/render';
import { ErrorMessage } from './error-message';

beforeAll(setupI18n);

/** The sentence a person reads, and what stays folded under "Détails techniques". */
async function shown(error: unknown) {
  const { unmount } = render(<ErrorMessage error={error} action="L'enregistrement a échoué." />);
  const alert = screen.getByRole('alert');
  const details = alert.querySelector('details');
  const sentence = alert.textContent?.replace(details?.textContent ?? '', '') ?? '';
  const folded = details
    ? (await userEvent.click(screen.getByText('Détails techniques')), details.open)
    : null;
  const detail = details?.querySelector('code')?.textContent ?? null;
  unmount();
  return { sentence, folded, detail };
}

describe('ErrorMessage', () => {
  it.each([
    [
      new ApiError(409, 'label already exists'),
      "L'action est impossible dans l'état actuel",
      '409 label already exists',
    ],
    [
      new ApiError(400, 'label already exists'),
      "L'action est impossible dans l'état actuel",
      '400 label already exists',
    ],
    [new ApiError(0, 'Network Error'), "Le serveur n'a pas pu être joint", 'Network Error'],
    [
      new ApiError(500, 'Internal Server Error'),
      'Le serveur a rencontré une erreur',
      '500 Internal Server Error',
    ],
    [
      new ApiError(0, 'timeout of 2000ms exceeded', undefined, 'timeout'),
      "Le serveur n'a pas répondu à temps",
      'timeout of 2000ms exceeded',
    ],
  ])('says %s in French, the server words only under "Détails techniques"', async (error, french, words) => {
    const { sentence, folded, detail } = await shown(error);
    expect(sentence).toContain(french);
    expect(sentence).not.toContain(error.message);
    expect(folded).toBe(true);
    expect(detail).toBe(words);
  });
});
