import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const schema = z.object({ title: z.string().trim().min(1).max(5) });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('a resolver loaded with the first validation', () => {
  it('loads its schema once, on the first validation, and gives its errors the form keys', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const empty = await resolver({ title: ' ' }, undefined, options);
    expect(empty.errors).toMatchObject({ title: { message: 'required' } });
    const long = await resolver({ title: 'abcdef' }, undefined, options);
    expect(long.errors).toMatchObject({ title: { message: 'too_long' } });
    const valid = await resolver({ title: ' abc ' }, undefined, options);
    expect(valid).toEqual({ values: { title: 'abc' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the import again at the next validation when it failed', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);
    await expect(resolver({ title: 'a' }, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ title: 'a' }, undefined, options)).toEqual({
      values: { title: 'a' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
