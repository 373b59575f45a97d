// Turbines' vocabulary, without zod (schemas/turbines.ts checks payloads with it): a client takes it alone.

/** The statuses a turbine may hold (spec §4). The panel shows anything else as "unknown". */
export const TURBINE_STATUSES = ['active', 'maintenance', 'faulty', 'offline', 'inactive'] as const;
export type TurbineStatus = (typeof TURBINE_STATUSES)[number];

/** Turkish lowercasing, so "İZMİR" becomes "izmir" and not "i̇zmir". */
export function lowercaseCity(city: string): string {
  return city.toLocaleLowerCase('tr-TR');
}
