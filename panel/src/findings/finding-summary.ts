import { FINDING_NAME_KEYS, type Finding } from '@kanat360/contracts';
import { type useI18n } from '@/i18n/language';

type Translate = ReturnType<typeof useI18n>['t'];

/** "Erosion · Blade A · leading edge · 12.5 m" — what a finding is and where, in one line. */
export function findingSummary(finding: Finding, t: Translate, locale: string): string {
  const metres = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return [
    t(FINDING_NAME_KEYS.type(finding.type)),
    t('panel.turbine.blade', { blade: finding.blade }),
    t(FINDING_NAME_KEYS.surface(finding.surface)),
    t('panel.findingViewer.metres', { value: metres.format(finding.distance_from_root_m) }),
  ].join(' · ');
}
