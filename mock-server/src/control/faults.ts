/** Fault rules: for a method and a path glob, answer a status, wait, drop the connection or send broken JSON. */
import { z } from 'zod';
import { compileGlob, faultInput, LATENCY_PROFILES, type FaultRule } from '@portal/contract';

export { compileGlob, faultInput, LATENCY_PROFILES };
export type FaultInput = z.infer<typeof faultInput>;
export type { FaultRule };

export class FaultRules {
  private rules: (FaultRule & { regex: RegExp })[] = [];
  private nextId = 1;

  add(input: FaultInput): FaultRule {
    const rule = {
      ...input,
      id: this.nextId++,
      remaining: input.times ?? null,
      hits: 0,
      regex: compileGlob(input.path),
    };
    this.rules.push(rule);
    return publicRule(rule);
  }

  list(): FaultRule[] {
    return this.rules.map(publicRule);
  }

  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** The rule that applies to this call, if any (its count goes down). */
  take(method: string, path: string): FaultRule | undefined {
    if (this.rules.length === 0) return undefined;
    const rule = this.rules.find((r) => (r.method === '*' || r.method === method) && r.regex.test(path));
    if (!rule) return undefined;
    rule.hits++;
    if (rule.remaining !== null) {
      rule.remaining--;
      if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    }
    return publicRule(rule);
  }
}

function publicRule(rule: FaultRule & { regex?: RegExp }): FaultRule {
  const { regex: _regex, ...rest } = rule;
  return rest;
}

export const latencyInput = z.union([
  z.object({ profile: z.enum(['none', 'fast', 'slow', 'flaky']) }).strict(),
  z
    .object({ minMs: z.number().int().min(0).max(60_000), maxMs: z.number().int().min(0).max(60_000) })
    .strict()
    .refine((l) => l.minMs <= l.maxMs, { message: 'minMs is above maxMs', path: ['maxMs'] }),
]);
