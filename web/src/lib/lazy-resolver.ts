/**
 * Form resolvers that load with the form's first validation rather than with its screen. The
 * forms' schemas are built with zod (about 27 KiB of gzip, a tenth of a screen), which the screen
 * does not need to paint the form: the schema's module is imported when the user first submits
 * (or a field is first checked), and kept. The service worker precaches it like every chunk, so a
 * form validates offline too. A failed import is tried again at the next validation.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { formIssues } from './form-schema';

function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}

/**
 * A zod schema's resolver, parsed with the forms' error map (`formIssues`), loaded with the form's
 * first validation: `lazyZodResolver(() => import('./x-schema').then((m) => m.xSchema))`. The
 * resolver's own code loads with the schema.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<z.ZodType<TOutput, TInput>>,
): Resolver<TInput, unknown, TOutput> {
  return lazyResolver(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), load()]);
    return zodResolver(schema, { error: formIssues });
  });
}
