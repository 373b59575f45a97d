import { type Finding, REPAIR_NAME_KEYS } from '@kanat360/contracts';
import { RepairLink } from '@/components/RepairLink';
import { useI18n } from '@/i18n/language';

/** "In repair #N · status": a finding's repair, linking to the repair's page (blade map popover, viewer panel). */
export function FindingRepairLink({
  repair,
  turbineId,
  className,
  testId,
}: {
  repair: NonNullable<Finding['repair']>;
  turbineId: number;
  className: string;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <RepairLink id={repair.id} turbineId={turbineId} className={className} testId={testId}>
      {t('panel.planRepair.inRepair', { id: repair.id })} · {t(REPAIR_NAME_KEYS.status(repair.status))}
    </RepairLink>
  );
}
