import type { MessageKey } from '@kanat360/i18n';

/** The fixed FAQ (spec §3: id, category, question, answer), grouped by category, as catalog keys. */
export interface FaqEntry {
  id: string;
  question: MessageKey;
  answer: MessageKey;
}

export const FAQ: { category: MessageKey; id: string; entries: FaqEntry[] }[] = [
  {
    id: 'general',
    category: 'site.faq.category.general',
    entries: [
      { id: 'what', question: 'site.faq.q.what.q', answer: 'site.faq.q.what.a' },
      { id: 'since', question: 'site.faq.q.since.q', answer: 'site.faq.q.since.a' },
      { id: 'offshore', question: 'site.faq.q.offshore.q', answer: 'site.faq.q.offshore.a' },
    ],
  },
  {
    id: 'platform',
    category: 'site.faq.category.platform',
    entries: [
      { id: 'roles', question: 'site.faq.q.roles.q', answer: 'site.faq.q.roles.a' },
      { id: 'viewer', question: 'site.faq.q.viewer.q', answer: 'site.faq.q.viewer.a' },
      { id: 'reports', question: 'site.faq.q.reports.q', answer: 'site.faq.q.reports.a' },
    ],
  },
  {
    id: 'photos',
    category: 'site.faq.category.photos',
    entries: [
      { id: 'photo-count', question: 'site.faq.q.photoCount.q', answer: 'site.faq.q.photoCount.a' },
      { id: 'formats', question: 'site.faq.q.formats.q', answer: 'site.faq.q.formats.a' },
    ],
  },
  {
    id: 'pricing',
    category: 'site.faq.category.pricing',
    entries: [
      { id: 'trial', question: 'site.faq.q.trial.q', answer: 'site.faq.q.trial.a' },
      { id: 'prices', question: 'site.faq.q.prices.q', answer: 'site.faq.q.prices.a' },
      { id: 'yearly', question: 'site.faq.q.yearly.q', answer: 'site.faq.q.yearly.a' },
    ],
  },
  {
    id: 'security',
    category: 'site.faq.category.security',
    entries: [
      { id: 'security', question: 'site.faq.q.security.q', answer: 'site.faq.q.security.a' },
      { id: 'support', question: 'site.faq.q.support.q', answer: 'site.faq.q.support.a' },
    ],
  },
];
