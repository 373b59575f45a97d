import { z } from 'zod';
import { optionalEmail, phoneField, requiredText } from './fields.js';

/** The contact form (spec §3, §5): name, subject and message required; email and phone optional. */
export const contactBody = z.strictObject({
  name: requiredText('NAME_REQUIRED', 120),
  email: optionalEmail,
  phone: phoneField,
  subject: requiredText('SUBJECT_REQUIRED', 200),
  message: requiredText('MESSAGE_REQUIRED', 5000),
});
export type ContactBody = z.infer<typeof contactBody>;
export type ContactInput = z.input<typeof contactBody>;
