import { z } from 'zod';

/** GET /health: the process answers. */
export const livenessAnswer = z.strictObject({ success: z.literal(true), status: z.literal('ok') });

/** GET /health/ready: PostgreSQL answers too, and the process is not shutting down. */
export const readinessAnswer = z.strictObject({ success: z.literal(true), status: z.literal('ready') });
