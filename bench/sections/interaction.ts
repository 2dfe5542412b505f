import type { Browser } from 'playwright-core';
import type { Figure } from '../lib/figures.ts';
import type { Stack } from '../lib/stack.ts';
export async function measureInteraction(_b: Browser, _s: Stack): Promise<Figure[]> { return []; }
