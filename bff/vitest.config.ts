import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC compiles the tests' imports of the bff the way the build does: NestJS and TypeORM need decorator metadata.
export default defineConfig({
  plugins: [swc.vite({ swcrc: true, configFile: '.swcrc', module: { type: 'es6' } })],
  // `@/…` is bff/src, as in the build (.swcrc paths) and the type-check (tsconfig paths).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One PostgreSQL for the whole run; files run one after another on 2 cores.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
