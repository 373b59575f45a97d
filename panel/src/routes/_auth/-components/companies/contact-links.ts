/**
 * A `tel:` link for a phone number as people write it ("+90 312 555 01 01", "(0232) 555-02-02"): only the digits
 * and a leading plus, which is what dialers expect.
 */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
