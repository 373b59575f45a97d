import { createTurbineBody, createUserBody } from '@kanat360/contracts';
import { translator } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';
import { codeMessage, validateWith } from './form-feedback';

const tr = translator('tr');
const en = translator('en');

describe('validateWith', () => {
  it("gives each field its first problem in the spec's words, in the user's language", () => {
    const result = validateWith(createTurbineBody, { city: '  ', code: '', location: 'Soma', rooms: '0' }, tr);
    expect(result).toEqual({
      ok: false,
      errors: {
        city: tr('errors.CITY_REQUIRED'),
        code: tr('errors.CODE_REQUIRED'),
        rooms: tr('errors.ROOMS_INVALID'),
      },
    });
    const english = validateWith(
      createUserBody,
      { first_name: 'A', last_name: 'B', email: 'a@b.co', password: 'secret1' },
      en,
    );
    expect(english).toEqual({ ok: false, errors: { company_id: 'Please select a company' } });
  });

  it('returns the parsed body the server would accept', () => {
    const result = validateWith(createTurbineBody, { city: 'İZMİR', code: 'A-1', location: 'Aliağa', rooms: '4' }, tr);
    expect(result).toMatchObject({ ok: true, data: { city: 'izmir', rooms: 4, status: 'active' } });
  });

  it('reads an unknown code as a general validation error', () => {
    expect(codeMessage('NOT_A_CODE', tr)).toBe(tr('errors.VALIDATION_ERROR'));
  });
});
