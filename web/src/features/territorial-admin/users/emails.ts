/** E-mail entry of the add-users wizard: delimiters Enter, Tab, Space and semicolon. */
import { EMAIL_PATTERN } from '@portal/contract/territory';

/** The keys that end an e-mail in the entry field. */
const EMAIL_DELIMITER_KEYS: readonly string[] = ['Enter', 'Tab', ' ', ';'];

export const isEmailDelimiterKey = (key: string): boolean => EMAIL_DELIMITER_KEYS.includes(key);

/** Splits a typed or pasted text on the delimiters (space, tab, new line, semicolon). */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email);

/**
 * Adds the e-mails of a text to a list: the valid ones are added once (case-insensitively), the
 * invalid ones are returned so that the e-mail error shows.
 */
export function addEmails(list: readonly string[], text: string): { list: string[]; invalid: string[] } {
  const next = [...list];
  const invalid: string[] = [];
  for (const email of splitEmails(text)) {
    if (!isValidEmail(email)) invalid.push(email);
    else if (!next.some((e) => e.toLowerCase() === email.toLowerCase())) next.push(email);
  }
  return { list: next, invalid };
}
