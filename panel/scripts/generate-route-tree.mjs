#!/usr/bin/env node
// Writes src/routeTree.gen.ts (git-ignored) so `tsc` can run on a fresh clone without a build first.
// Resolving the Vite config runs the TanStack Router plugin's `configResolved` hook, which generates the tree
// with exactly the options `vite build` uses: one config, no second generator to keep in step.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await resolveConfig({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' }, 'build', 'production');
