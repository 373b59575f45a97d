import { config } from 'zod/v4/core';

// In browsers (the site and the panel) the CSP has no 'unsafe-eval': zod's compiled fast path would only probe
// eval and trip a CSP violation. index.ts imports this module first, so it runs before any schema is built. Only
// zod's core setting is named, so a client that uses no schema carries no more of zod than this.
if ('document' in globalThis) config({ jitless: true });
