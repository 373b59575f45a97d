import { idValue } from '@/search/url-values';

/** A finding address whose id is not a positive whole number: it names no finding. */
export class InvalidFindingIdError extends Error {
  constructor(readonly value: string) {
    super(`Invalid finding id: ${value}`);
    this.name = 'InvalidFindingIdError';
  }
}

/** A finding route's params, parsed (STYLE 9): `…/findings/7` gives 7; anything else fails with InvalidFindingIdError. */
export const findingParams = {
  parse: (raw: { findingId: string }) => {
    const findingId = idValue(raw.findingId);
    if (findingId === undefined) throw new InvalidFindingIdError(raw.findingId);
    return { findingId };
  },
  stringify: ({ findingId }: { findingId: number }) => ({ findingId: String(findingId) }),
};
