import { type FindingGrowth, type FindingSeverity } from '@kanat360/contracts';
import { useI18n } from '@/i18n/language';

/**
 * How much a damage grew since an earlier year: "Since 2023: length +120 mm, width +20 mm, severity 2 → 4", in the
 * finding panel's words. The figures are the server's (`growth` of the finding); a size missing in either year is
 * left out.
 */
export function GrowthLine({
  growth,
  to,
  testId,
  as: Tag = 'li',
  className,
}: {
  growth: FindingGrowth;
  /** The severity now, so the line can say where it came from. */
  to: FindingSeverity;
  testId: string;
  as?: 'li' | 'p';
  className?: string;
}) {
  const { t, locale } = useI18n();
  const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'always' });
  const changes = [
    growth.length_mm === null
      ? null
      : t('panel.findingViewer.growthLength', { value: signed.format(growth.length_mm) }),
    growth.width_mm === null ? null : t('panel.findingViewer.growthWidth', { value: signed.format(growth.width_mm) }),
    t('panel.findingTrack.severityChange', { from: to - growth.severity, to }),
  ].filter(Boolean);
  return (
    <Tag
      className={className}
      data-testid={testId}
      data-from-year={growth.from_year}
      data-length={growth.length_mm ?? ''}
      data-width={growth.width_mm ?? ''}
      data-severity={growth.severity}
    >
      {t('panel.findingViewer.growthSince', { year: growth.from_year, changes: changes.join(', ') })}
    </Tag>
  );
}
