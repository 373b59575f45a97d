import { type ValueTransformer } from 'typeorm';

/**
 * Byte counts are bigint (videos reach 50 GB); pg answers bigint as a string to stay exact. Every size here is far
 * below 2^53, so a JavaScript number holds it exactly.
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
