/**
 * The site admin forms' schemas (the site, a contact, a metadata entry): the contract's request
 * bodies and their rules (required names, lengths, the e-mail's shape), with what only the forms
 * have: organizations as the select's texts, and an empty text for an e-mail or phone left out.
 * Parsed with `formIssues` (lib/form-schema), their messages are keys of
 * `industrial_sites_admin.errors`.
 */
import { z } from 'zod';
// the contract's site schemas alone, not its endpoint table, keep the contact route light
import {
  industrialSiteContactInput,
  industrialSiteInput,
  industrialSiteMetadataInput,
} from '@portal/contract/schemas/sites';

export const siteFormSchema = industrialSiteInput
  .pick({ name: true, industrialSiteTypeCode: true })
  .extend({ organizationIds: z.array(z.string()) });

export const metadataFormSchema = industrialSiteMetadataInput;

const contact = industrialSiteContactInput.shape;

export const contactFormSchema = industrialSiteContactInput.pick({ firstName: true, lastName: true }).extend({
  role: contact.role.unwrap(),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || contact.email.safeParse(v).success, 'email'),
  phone: z.string().trim().pipe(contact.phone.unwrap().unwrap()),
});
