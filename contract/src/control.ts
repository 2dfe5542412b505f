/**
 * The mock server's control API (/__mock): its shapes, shared by the mock server that answers
 * it, the CLI and the end-to-end harness that call it. Not part of the real backend.
 */
import { z } from 'zod';

export const CONTROL_PREFIX = '/__mock';
export const PARTITION_HEADER = 'x-mock-partition';
export const PARTITION_COOKIE = 'mock_partition';
/** A state partition's name: letters, digits, `_ . : -`, 1 to 100 characters. */
export const PARTITION_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

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
/** What a client sends to add a fault rule. */
export type FaultInput = z.input<typeof faultInput>;
/** A fault rule as the mock lists it. */
export interface FaultRule extends z.infer<typeof faultInput> {
  id: number;
  /** calls still to fault; null = always */
  remaining: number | null;
  hits: number;
}

export interface JournalEntry {
  id: number;
  time: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  persona: string | null;
}

export interface JournalFilter {
  path?: string;
  status?: number;
  persona?: string;
  method?: string;
  limit?: number;
  since?: string;
}

/** Whether a journal entry passes a filter (limit aside). */
export function matchesJournalFilter(
  entry: JournalEntry,
  filter: JournalFilter,
  glob = filter.path ? compileGlob(filter.path) : null,
): boolean {
  if (glob && !glob.test(entry.path.split('?')[0] ?? entry.path)) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.persona && entry.persona !== filter.persona) return false;
  if (filter.method && entry.method.toUpperCase() !== filter.method.toUpperCase()) return false;
  if (filter.since && entry.time < filter.since) return false;
  return true;
}

export interface ControlPersona {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  contractIds: number[];
  description: string;
}

export interface MintedToken {
  token: string;
  refreshToken: string;
  expiresAt: string;
}

export const LATENCY_PROFILES = {
  none: { minMs: 0, maxMs: 0 },
  fast: { minMs: 5, maxMs: 40 },
  slow: { minMs: 400, maxMs: 1500 },
  flaky: { minMs: 20, maxMs: 3000 },
} as const;
export type LatencyProfile = keyof typeof LATENCY_PROFILES;
