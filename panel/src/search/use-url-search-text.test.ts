import { describe, expect, it } from 'vitest';
import { settleUrlText } from './use-url-search-text';

describe('settleUrlText', () => {
  it('takes the echo of the newest text as settling everything', () => {
    expect(settleUrlText(['a', 'ab'], 'ab')).toEqual({ pending: [], external: false });
  });

  it('takes a late echo of an older text as settling only what came before it', () => {
    expect(settleUrlText(['a', 'ab', 'abc'], 'a')).toEqual({ pending: ['ab', 'abc'], external: false });
    expect(settleUrlText(['a', '', 'a'], '')).toEqual({ pending: ['a'], external: false });
  });

  it('takes a value the box never wrote as a change made elsewhere', () => {
    expect(settleUrlText(['a', 'ab'], '')).toEqual({ pending: [], external: true });
    expect(settleUrlText([], 'ege')).toEqual({ pending: [], external: true });
  });
});
