// Writes the typed client's paths (packages/api-client/src/api-paths.gen.ts) from the API document the built bff
// declares. Run after `pnpm --filter @kanat360/bff build`: `pnpm --filter @kanat360/bff gen:api`.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { API_PATHS_FILE, apiPathsSource } from '../dist/openapi/api-paths-source.js';
import { buildOpenApiDocument } from '../dist/openapi/openapi-document.js';

const target = new URL(`../../${API_PATHS_FILE}`, import.meta.url);
writeFileSync(target, await apiPathsSource(buildOpenApiDocument()));
console.log(`wrote ${API_PATHS_FILE}`);
