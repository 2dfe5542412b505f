import { z } from 'zod';
import { INVITABLE_ROLES } from '../roles.ts';

export const userSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  type: z.string(),
  lastLogin: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

/** User detail of portal.md section 3. */
export const userDetail = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  type: z.string(),
  username: z.string(),
  mobilePhone: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetail>;

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** User-with-roles payload: one object with organizations (ids) and users. */
export const userWithRoles = z
  .array(
    z.object({
      organizations: z.array(z.number().int().positive()).max(9999),
      users: z
        .array(
          z.object({
            email: z.string().regex(EMAIL_PATTERN, 'expected an e-mail address'),
            roles: z.tuple([z.enum(INVITABLE_ROLES)]),
          }),
        )
        .min(1, 'enter at least one e-mail')
        .max(500),
    }),
  )
  .length(1);
export type UserWithRoles = z.infer<typeof userWithRoles>;
/** Invited user: role and userEmail. */
export const invitedUser = z.object({ role: z.string(), userEmail: z.string() });

export const userOrganizationCount = z.object({ userId: z.number().int(), count: z.number().int() });

/** User configuration (per portal code). data is a JSON string. */
export const userConfiguration = z.object({
  id: z.number().int(),
  portal: z.string(),
  code: z.string(),
  data: z.string(),
  deleted: z.boolean(),
});
export type UserConfiguration = z.infer<typeof userConfiguration>;
const jsonString = z
  .string()
  .max(200_000)
  .refine((text) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }, 'expected a JSON string');
export const userConfigurationInput = z.object({
  portal: z.string().min(1).max(64),
  code: z.string().min(1).max(64),
  data: jsonString,
});
