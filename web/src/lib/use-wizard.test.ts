import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWizard } from './use-wizard';

describe('useWizard', () => {
  it('moves between the steps without leaving them, finishes, and resets to step 0 with a new key', () => {
    const { result } = renderHook(() => useWizard(3));
    expect(result.current).toMatchObject({ step: 0, isFirst: true, isLast: false, done: false });
    act(() => result.current.back());
    expect(result.current.step).toBe(0);
    act(() => result.current.next());
    act(() => result.current.next());
    act(() => result.current.next());
    expect(result.current).toMatchObject({ step: 2, isLast: true });
    const stepKey = result.current.stepKey;
    act(() => result.current.back());
    expect(result.current.stepKey).not.toBe(stepKey);
    act(() => result.current.finish());
    expect(result.current.done).toBe(true);
    const formKey = result.current.formKey;
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ step: 0, done: false });
    expect(result.current.formKey).not.toBe(formKey);
  });
});
