/** The values of the service configuration form and their validation (one zod schema built from the services shown). */
import { z } from 'zod';
import { SERVICE_FORMS, maskSecrets, serviceParameters } from '@portal/contract/configuration';
import type { ServiceFormKind } from '@portal/contract';
import { isChecked, isSectionDisabled, type ConfigurationDraft } from './saving';

export interface ConfigFormValues {
  configs: Record<string, ConfigurationDraft>;
}

/** The form kind of a service for an owner: an organization picks among the contract's external services. */
export function formKind(
  code: string,
  ownerType: 'CONTRACT' | 'ORGANIZATION',
): ServiceFormKind | 'externalServicesSelection' | null {
  const kind = SERVICE_FORMS[code];
  if (!kind) return null;
  return kind === 'externalServices' && ownerType === 'ORGANIZATION' ? 'externalServicesSelection' : kind;
}

/**
 * A draft as the form starts from: every checkbox value (force child, use parent, an external
 * entry's is-portal) as a boolean through isChecked. react-hook-form ticks a checkbox for any truthy
 * value, so '0' would show ticked while it counts as false.
 */
export function formDraft(draft: ConfigurationDraft): ConfigurationDraft {
  const services = draft.parameters.services;
  const parameters =
    Array.isArray(services) && services.every((entry) => typeof entry === 'object' && entry !== null)
      ? {
          ...draft.parameters,
          services: (services as Record<string, unknown>[]).map((entry) => ({
            ...entry,
            isPortal: isChecked(entry.isPortal),
          })),
        }
      : draft.parameters;
  return {
    ...draft,
    forceChildConfiguration: isChecked(draft.forceChildConfiguration),
    useParentConfiguration: isChecked(draft.useParentConfiguration),
    // a stored secret is never put in a field: the field shows the mask (whatever the server answered)
    parameters: maskSecrets(parameters),
  };
}

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** External service entries: a blank entry is ignored; label, url and categories required; more when is-portal is on. */
const externalEntries = z.object({
  services: z
    .array(
      z.looseObject({
        label: z.string().optional(),
        url: z.string().optional(),
        categories: z.string().optional(),
        isPortal: z.unknown().optional(),
        customConnect: z.string().optional(),
        bannerBackgroundColor: z.string().optional(),
        metadata: z.string().optional(),
      }),
    )
    .default([])
    .superRefine((entries, ctx) => {
      entries.forEach((entry, index) => {
        const main = ['label', 'url', 'categories'] as const;
        if (main.every((key) => blank(entry[key])) && !isChecked(entry.isPortal)) return;
        const required: string[] = [...main];
        if (isChecked(entry.isPortal)) required.push('customConnect', 'bannerBackgroundColor', 'metadata');
        for (const key of required) {
          if (blank(entry[key])) ctx.addIssue({ code: 'custom', path: [index, key], message: 'required' });
        }
        if (isChecked(entry.isPortal) && !blank(entry.metadata)) {
          try {
            JSON.parse(entry.metadata ?? '');
          } catch {
            ctx.addIssue({ code: 'custom', path: [index, 'metadata'], message: 'json' });
          }
        }
      });
    }),
});

function parametersSchema(kind: ReturnType<typeof formKind>): z.ZodType | null {
  if (!kind) return null;
  if (kind === 'externalServices') return externalEntries;
  if (kind === 'signalNotify') return z.object({ requestTypes: z.array(z.coerce.number()).default([]) });
  if (kind === 'externalServicesSelection') return z.object({ services: z.array(z.string()).default([]) });
  return serviceParameters[kind];
}

export function buildConfigSchema(codes: readonly string[], ownerType: 'CONTRACT' | 'ORGANIZATION') {
  const shape: Record<string, z.ZodType> = {};
  for (const code of codes) {
    const params = parametersSchema(formKind(code, ownerType));
    if (!params) continue;
    shape[code] = z
      .looseObject({
        ownerType: z.enum(['CONTRACT', 'ORGANIZATION']),
        forceChildConfiguration: z.unknown(),
        useParentConfiguration: z.unknown(),
        parameters: z.record(z.string(), z.unknown()),
      })
      .superRefine((value, ctx) => {
        if (
          isSectionDisabled(
            value as Pick<
              ConfigurationDraft,
              'ownerType' | 'forceChildConfiguration' | 'useParentConfiguration'
            >,
          )
        )
          return;
        const result = params.safeParse(value.parameters);
        if (result.success) return;
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['parameters', ...issue.path], message: issue.message });
        }
      });
  }
  return z.object({ configs: z.looseObject(shape) });
}
