import { z } from 'zod';
import { rowId, timestamp } from './api.js';
import { optionalEmail, optionalText, pathId, phoneField, requiredText } from './fields.js';

export const companyBody = z.strictObject({
  name: requiredText('COMPANY_NAME_REQUIRED', 120),
  contact_email: optionalEmail,
  authorized_number: optionalText(64),
  phone: phoneField,
  address: optionalText(500),
});
export type CompanyBody = z.infer<typeof companyBody>;
export type CompanyInput = z.input<typeof companyBody>;

export const company = z
  .strictObject({
    id: rowId,
    name: z.string(),
    contact_email: z.string().nullable(),
    authorized_number: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    user_count: z.int().min(0),
    turbine_count: z.int().min(0),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof company>;

/** `/companies/{id}` */
export const companyPath = z.object({ id: pathId('COMPANY_NOT_FOUND') });
