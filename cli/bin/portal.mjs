#!/usr/bin/env node
// The `portal` command: registers tsx so the TypeScript sources run as they are (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
