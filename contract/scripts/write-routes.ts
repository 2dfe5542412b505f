import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpointList } from '../src/endpoints/index.ts';
import { endpointRoutesSource } from '../src/endpoint-routes-source.ts';

const target = fileURLToPath(new URL('../src/endpoint-routes.ts', import.meta.url));
writeFileSync(target, endpointRoutesSource(endpointList));
console.log(`wrote ${target}`);
