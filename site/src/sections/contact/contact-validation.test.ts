import { describe, expect, it } from 'vitest';
import { contactFieldErrors } from './contact-validation';

const valid = { name: 'Ayşe Yılmaz', email: '', phone: '', subject: 'Teklif', message: 'Merhaba' };

describe('contactFieldErrors', () => {
  it('accepts name, subject and message with email and phone left empty', () => {
    expect(contactFieldErrors(valid)).toEqual([]);
    expect(contactFieldErrors({ ...valid, email: 'ayse@example.com', phone: '+90 532 000 00 00' })).toEqual([]);
  });

  it('names every missing required field, in the order of the form', () => {
    expect(contactFieldErrors({ name: ' ', email: '', phone: '', subject: '', message: '\n' })).toEqual([
      ['name', 'NAME_REQUIRED'],
      ['subject', 'SUBJECT_REQUIRED'],
      ['message', 'MESSAGE_REQUIRED'],
    ]);
  });

  it('checks the optional fields when they are filled in', () => {
    expect(contactFieldErrors({ ...valid, email: 'not-an-email', phone: 'call me' })).toEqual([
      ['email', 'EMAIL_INVALID'],
      ['phone', 'PHONE_INVALID'],
    ]);
  });

  it('refuses a message longer than the API stores', () => {
    expect(contactFieldErrors({ ...valid, message: 'x'.repeat(5001) })).toEqual([['message', 'VALUE_TOO_LONG']]);
  });
});
