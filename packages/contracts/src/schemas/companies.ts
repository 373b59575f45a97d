import { z } from 'zod';
import { optionalEmail, optionalText, phoneField, requiredText } from './fields.js';

export const companyBody = z.strictObject({
  name: requiredText('COMPANY_NAME_REQUIRED', 120),
  contact_email: optionalEmail,
  authorized_number: optionalText(64),
  phone: phoneField,
  address: optionalText(500),
});
export type CompanyBody = z.infer<typeof companyBody>;
export type CompanyInput = z.input<typeof companyBody>;

export interface Company {
  id: number;
  name: string;
  contact_email: string | null;
  authorized_number: string | null;
  phone: string | null;
  address: string | null;
  user_count: number;
  turbine_count: number;
  created_at: string;
  updated_at: string;
}
