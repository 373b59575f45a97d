import type { MessageKey } from '@kanat360/i18n';

/** The privacy policy's sections in order: paragraphs, then a bulleted list when there is one. */
export interface PrivacySection {
  id: string;
  title: MessageKey;
  paragraphs: MessageKey[];
  items?: MessageKey[];
  /** A paragraph after the list. */
  closing?: MessageKey;
}

/** The date the policy last changed: shown at the top, in the page's date format. */
export const PRIVACY_UPDATED = '2026-11-21';

export const PRIVACY_SECTIONS: PrivacySection[] = [
  { id: 'controller', title: 'site.privacy.controller.title', paragraphs: ['site.privacy.controller.body'] },
  {
    id: 'collected',
    title: 'site.privacy.collected.title',
    paragraphs: ['site.privacy.collected.intro'],
    items: [
      'site.privacy.collected.contact',
      'site.privacy.collected.account',
      'site.privacy.collected.security',
      'site.privacy.collected.content',
      'site.privacy.collected.device',
    ],
  },
  {
    id: 'purposes',
    title: 'site.privacy.purposes.title',
    paragraphs: [],
    items: [
      'site.privacy.purposes.contact',
      'site.privacy.purposes.service',
      'site.privacy.purposes.security',
      'site.privacy.purposes.legal',
    ],
    closing: 'site.privacy.purposes.none',
  },
  {
    id: 'retention',
    title: 'site.privacy.retention.title',
    paragraphs: [],
    items: [
      'site.privacy.retention.contact',
      'site.privacy.retention.account',
      'site.privacy.retention.security',
      'site.privacy.retention.content',
    ],
  },
  { id: 'sharing', title: 'site.privacy.sharing.title', paragraphs: ['site.privacy.sharing.body'] },
  { id: 'cookies', title: 'site.privacy.cookies.title', paragraphs: ['site.privacy.cookies.body'] },
  { id: 'security', title: 'site.privacy.security.title', paragraphs: ['site.privacy.security.body'] },
  {
    id: 'rights',
    title: 'site.privacy.rights.title',
    paragraphs: ['site.privacy.rights.kvkk', 'site.privacy.rights.gdpr'],
  },
  { id: 'apply', title: 'site.privacy.apply.title', paragraphs: ['site.privacy.apply.body'] },
  { id: 'changes', title: 'site.privacy.changes.title', paragraphs: ['site.privacy.changes.body'] },
  { id: 'contact', title: 'site.privacy.contact.title', paragraphs: ['site.privacy.contact.body'] },
];
