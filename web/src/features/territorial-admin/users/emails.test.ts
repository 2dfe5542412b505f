import { describe, expect, it } from 'vitest';
import { entryCode } from '@portal/contract/constants';
import { addEmails, isEmailDelimiterKey, isValidEmail, splitEmails } from './emails';

describe('e-mail delimiters', () => {
  it('are Enter, Tab, Space and semicolon', () => {
    expect(['Enter', 'Tab', ' ', ';'].every(isEmailDelimiterKey)).toBe(true);
    expect([',', 'a', 'Escape', '@'].some(isEmailDelimiterKey)).toBe(false);
  });

  it('split a pasted text', () => {
    expect(splitEmails('a@x.fr;b@x.fr c@x.fr\td@x.fr\ne@x.fr ;; ')).toEqual([
      'a@x.fr',
      'b@x.fr',
      'c@x.fr',
      'd@x.fr',
      'e@x.fr',
    ]);
  });

  it('add the valid e-mails once and report the invalid ones', () => {
    expect(addEmails(['a@x.fr'], 'A@x.fr; b@x.fr pas-un-email')).toEqual({
      list: ['a@x.fr', 'b@x.fr'],
      invalid: ['pas-un-email'],
    });
  });

  it('check a standard e-mail pattern', () => {
    expect(isValidEmail('jeanne.dupont+test@dijon-metropole.fr')).toBe(true);
    expect(['jeanne', 'jeanne@', '@x.fr', 'jeanne@x', 'a b@x.fr'].some(isValidEmail)).toBe(false);
  });
});

describe('entry codes of external services', () => {
  it('are the upper-cased camel-case form of the label', () => {
    expect(entryCode('Portail abonnés')).toBe('PORTAILABONNES');
    expect(entryCode('suivi des travaux 2')).toBe('SUIVIDESTRAVAUX2');
    expect(entryCode("  Qualité de l'eau ")).toBe('QUALITEDELEAU');
    expect(entryCode('')).toBe('');
  });
});
