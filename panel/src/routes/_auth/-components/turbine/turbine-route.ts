import { z } from 'zod';

/** A turbine address whose id is not a positive whole number (spec §2: "Geçersiz türbin ID"). */
export class InvalidTurbineIdError extends Error {
  constructor(readonly value: string) {
    super(`Invalid turbine id: ${value}`);
    this.name = 'InvalidTurbineIdError';
  }
}

const turbineIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The route's params, parsed (STYLE 9): `/turbine/12` gives 12; `/turbine/abc` fails with InvalidTurbineIdError. */
export const turbineParams = {
  parse: (params: { turbineId: string }) => {
    const parsed = /^\d+$/.test(params.turbineId) ? turbineIdSchema.safeParse(params.turbineId) : null;
    if (!parsed?.success) throw new InvalidTurbineIdError(params.turbineId);
    return { turbineId: parsed.data };
  },
  stringify: ({ turbineId }: { turbineId: number }) => ({ turbineId: String(turbineId) }),
};
