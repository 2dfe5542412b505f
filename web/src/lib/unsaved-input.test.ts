import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dropsUnsaved,
  holdsUnsaved,
  markSaved,
  savedContainer,
  unsavedFields,
  watchTypedInput,
} from './unsaved-input';

/** Types into a field as a person does: focus first, then the value and its input event. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

let stop: () => void;
beforeEach(() => {
  stop = watchTypedInput();
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('the typed text of a page', () => {
  it('holds unsaved text once typed, and none once the first value is back', () => {
    document.body.innerHTML = '<section><textarea aria-label="Commentaire"></textarea></section>';
    const comment = document.querySelector('textarea')!;
    expect(holdsUnsaved()).toBe(false);
    type(comment, 'Équipe prévenue');
    expect(unsavedFields()).toEqual([comment]);
    expect(holdsUnsaved()).toBe(true);
    type(comment, '');
    expect(holdsUnsaved()).toBe(false);
  });

  it('counts a field edited from a value it was given as unsaved until saved', () => {
    document.body.innerHTML = '<form><input type="email" value="a@exemple.fr"></form><form><input></form>';
    const [email, other] = [...document.querySelectorAll('input')];
    type(email!, 'b@exemple.fr');
    type(other!, 'autre');
    expect(unsavedFields()).toHaveLength(2);
    // the save started from the first form saves its fields only
    markSaved(savedContainer(email!));
    expect(unsavedFields()).toEqual([other]);
    markSaved();
    expect(holdsUnsaved()).toBe(false);
  });

  it('leaves a search box, a checkbox and a form that keeps its text itself alone', () => {
    document.body.innerHTML = `
      <input type="search" aria-label="Rechercher">
      <div role="search"><input aria-label="Adresse"></div>
      <input type="checkbox">
      <form data-unsaved="own"><input aria-label="Objet"></form>`;
    for (const field of document.querySelectorAll('input')) type(field, 'x');
    expect(holdsUnsaved()).toBe(false);
  });

  it('watches a search box among the other fields of a filter form', () => {
    document.body.innerHTML = `
      <form><input type="date" aria-label="Du"><input type="search" aria-label="Adresse"></form>`;
    const address = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    type(address, '12 rue des Forges');
    expect(unsavedFields()).toEqual([address]);
  });

  it('forgets a field taken off the page', () => {
    document.body.innerHTML = '<input aria-label="Titre">';
    type(document.querySelector('input')!, 'Titre');
    document.body.innerHTML = '';
    expect(holdsUnsaved()).toBe(false);
  });
});

describe('which moves drop typed text', () => {
  it('asks for another path, another tab and the history, not for a search typed in place', () => {
    document.body.innerHTML = '<input aria-label="Titre">';
    type(document.querySelector('input')!, 'Titre');
    expect(dropsUnsaved(at('/demande/2'), at('/'), 'PUSH')).toBe(true);
    expect(dropsUnsaved(at('/gestion', '', '#a'), at('/gestion', '', '#b'), 'PUSH')).toBe(true);
    expect(dropsUnsaved(at('/gestion', '?page=2'), at('/gestion', '?page=1'), 'POP')).toBe(true);
    expect(dropsUnsaved(at('/gestion', ''), at('/gestion', '?q=dij'), 'REPLACE')).toBe(false);
  });

  it('asks for any move when the text is in a dialog', () => {
    document.body.innerHTML = '<div role="dialog"><input aria-label="Nom"></div>';
    type(document.querySelector('input')!, 'Nom');
    expect(dropsUnsaved(at('/gestion', ''), at('/gestion', '?q=dij'), 'REPLACE')).toBe(true);
  });

  it('lets every move through when nothing is typed', () => {
    document.body.innerHTML = '<input aria-label="Titre">';
    expect(dropsUnsaved(at('/demande/2'), at('/'), 'POP')).toBe(false);
  });
});
