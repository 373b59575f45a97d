import { z } from 'zod';

// In browsers (the site and the panel) the CSP has no 'unsafe-eval': zod's compiled fast path would only probe
// eval and trip a CSP violation. index.ts imports this module first, so it runs before any schema is built.
if ('document' in globalThis) z.config({ jitless: true });
