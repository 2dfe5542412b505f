import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  industrialSiteContactInput,
  industrialSiteInput,
  industrialSiteMetadataInput,
} from '@portal/contract/sites';
import { formIssues, maxLengthOf } from '@/lib/form-schema';
import { contactFormSchema, metadataFormSchema, siteFormSchema } from './site-form-schemas';

/** The [field, message] pairs the schema says of the valid values changed by `values`. */
function messagesOf<V extends object>(schema: z.ZodType, valid: V) {
  return (values: Partial<Record<keyof V, string>>) =>
    (schema.safeParse({ ...valid, ...values }, { error: formIssues }).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);
}

/** The contract's maximum of a field: the form takes that many characters, and says one more is too long. */
function expectContractLength(
  messages: (values: Record<string, string>) => unknown[][],
  field: string,
  rule: z.ZodType,
) {
  const max = maxLengthOf(rule);
  expect(max).toBeGreaterThan(0);
  expect(messages({ [field]: 'x'.repeat(max!) })).toEqual([]);
  expect(messages({ [field]: 'x'.repeat(max! + 1) })).toEqual([[field, 'too_long']]);
}

describe('the site form schema', () => {
  const messages = messagesOf(siteFormSchema, {
    name: 'Usine',
    industrialSiteTypeCode: 'SEVESO',
    organizationIds: [],
  });

  it("takes the contract's length of the name, and says a longer one is too long", () => {
    expectContractLength(messages, 'name', industrialSiteInput.shape.name);
  });

  it('says the name and the type are required', () => {
    expect(messages({ name: ' ', industrialSiteTypeCode: '' })).toEqual([
      ['name', 'required'],
      ['industrialSiteTypeCode', 'required'],
    ]);
  });
});

describe('the site metadata form schema', () => {
  const messages = messagesOf(metadataFormSchema, { key: 'Surface', value: '' });

  it.each(['key', 'value'] as const)(
    "takes the contract's length of the %s, and says a longer one is too long",
    (field) => {
      expectContractLength(messages, field, industrialSiteMetadataInput.shape[field]);
    },
  );

  it('says the key is required', () => {
    expect(messages({ key: ' ' })).toEqual([['key', 'required']]);
  });
});

describe('the site contact form schema', () => {
  const messages = messagesOf(contactFormSchema, {
    firstName: 'Jeanne',
    lastName: 'Martin',
    role: '',
    email: '',
    phone: '',
  });

  it.each(['firstName', 'lastName', 'role', 'phone'] as const)(
    "takes the contract's length of the %s, and says a longer one is too long",
    (field) => {
      expectContractLength(messages, field, industrialSiteContactInput.shape[field]);
    },
  );

  it('says the names are required and an e-mail is not one', () => {
    expect(messages({ firstName: '', lastName: ' ', email: 'jeanne@' })).toEqual([
      ['firstName', 'required'],
      ['lastName', 'required'],
      ['email', 'email'],
    ]);
    expect(messages({ email: ' jeanne@example.fr ' })).toEqual([]);
  });
});
