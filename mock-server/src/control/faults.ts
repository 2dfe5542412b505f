/** Fault rules: for a method and a path glob, answer a status, wait, drop the connection or send broken JSON. */
import { z } from 'zod';

/** Glob to regular expression: `*` is one path segment, `**` any number of segments. */
export function compileGlob(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        source += '.*';
        i++;
      } else {
        source += '[^/]*';
      }
    } else {
      source += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}/?$`);
}

export const faultInput = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', '*']).default('*'),
    path: z.string().min(1).max(500).startsWith('/', 'the path starts with /'),
    status: z.number().int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    drop: z.boolean().optional(),
    malformed: z.boolean().optional(),
    times: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict()
  .refine((r) => r.status !== undefined || r.delayMs !== undefined || r.drop || r.malformed, {
    message: 'a fault needs a status, a delayMs, drop or malformed',
    path: ['status'],
  });
export type FaultInput = z.infer<typeof faultInput>;

export interface FaultRule extends FaultInput {
  id: number;
  /** calls still to fault; null = always */
  remaining: number | null;
  hits: number;
}

export class FaultRules {
  private rules: (FaultRule & { regex: RegExp })[] = [];
  private nextId = 1;

  add(input: FaultInput): FaultRule {
    const rule = { ...input, id: this.nextId++, remaining: input.times ?? null, hits: 0, regex: compileGlob(input.path) };
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

export const LATENCY_PROFILES = {
  none: { minMs: 0, maxMs: 0 },
  fast: { minMs: 5, maxMs: 40 },
  slow: { minMs: 400, maxMs: 1500 },
  flaky: { minMs: 20, maxMs: 3000 },
} as const;

export const latencyInput = z.union([
  z.object({ profile: z.enum(['none', 'fast', 'slow', 'flaky']) }).strict(),
  z
    .object({ minMs: z.number().int().min(0).max(60_000), maxMs: z.number().int().min(0).max(60_000) })
    .strict()
    .refine((l) => l.minMs <= l.maxMs, { message: 'minMs is above maxMs', path: ['maxMs'] }),
]);
