import { idValue } from '@/search/url-values';

/** A turbine address whose id is not a positive whole number (spec §2: "Geçersiz türbin ID"). */
export class InvalidTurbineIdError extends Error {
  constructor(readonly value: string) {
    super(`Invalid turbine id: ${value}`);
    this.name = 'InvalidTurbineIdError';
  }
}

/** The route's params, parsed (STYLE 9): `/turbine/12` gives 12; `/turbine/abc` fails with InvalidTurbineIdError. */
export const turbineParams = {
  parse: (params: { turbineId: string }) => {
    const turbineId = /^\d+$/.test(params.turbineId) ? idValue(params.turbineId) : undefined;
    if (turbineId === undefined) throw new InvalidTurbineIdError(params.turbineId);
    return { turbineId };
  },
  stringify: ({ turbineId }: { turbineId: number }) => ({ turbineId: String(turbineId) }),
};
