import { z } from 'zod';

export const serviceGrant = z.object({ type: z.enum(['organization', 'contract']), id: z.number().int() });
/** User (token info) of portal.md section 3. */
export const tokenInfo = z.object({
  id: z.number().int(),
  heimdallId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  services: z.record(z.string(), z.array(serviceGrant)),
  organization: z.object({ id: z.number().int(), label: z.string() }).nullable(),
});
export type TokenInfo = z.infer<typeof tokenInfo>;

export const realm = z.object({ value: z.string() });
export const tokenValue = z.object({ token: z.string() });
export const refreshBody = z.object({ refresh_token: z.string().min(1) });
export const refreshAnswer = z.object({ token: z.string(), refresh_token: z.string() });

export const permissions = z.object({
  permissions: z.array(
    z.object({ contractId: z.number().int(), organizationId: z.number().int().nullable(), role: z.string() }),
  ),
});
