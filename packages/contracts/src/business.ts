/**
 * The company's public contact details: the site shows them, the contact form's mails go to `email` unless
 * CONTACT_INBOX says otherwise.
 */
export const BUSINESS_CONTACT = {
  legalName: 'Kanat360 Teknoloji A.Ş.',
  email: 'iletisim@kanat360.com.tr',
  /** As printed, and as a tel: link wants it. */
  phone: { display: '+90 232 555 03 60', e164: '+902325550360' },
  /** The WhatsApp business line: wa.me takes the number with the country code and no "+" or spaces. */
  whatsapp: { display: '+90 555 036 03 60', waNumber: '905550360360' },
  /**
   * The message a visitor's WhatsApp opens with. Always Turkish (spec §2): the business answers in Turkish,
   * whatever the page's language.
   */
  whatsappGreeting: 'Merhaba, Kanat360 hakkında bilgi almak istiyorum.',
} as const;

/** The wa.me chat link with the greeting filled in. */
export function whatsappChatUrl(): string {
  return `https://wa.me/${BUSINESS_CONTACT.whatsapp.waNumber}?text=${encodeURIComponent(BUSINESS_CONTACT.whatsappGreeting)}`;
}
