import { type Turbine } from '@kanat360/contracts';
import { Link } from '@tanstack/react-router';
import { StrokeIcon, TrashIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';

interface TurbineButtonsProps {
  turbine: Turbine;
  /** Table rows show icons only; every button keeps its full name for assistive technology. */
  compact?: boolean;
}

/** Photos and 360° view: for everyone who sees the turbine. */
export function TurbineLinks({ turbine, compact = false }: TurbineButtonsProps) {
  const { t } = useI18n();
  return (
    <>
      <Link
        to="/turbine/$turbineId"
        params={{ turbineId: turbine.id }}
        className={compact ? 'btn-icon' : 'btn-primary'}
        aria-label={t('panel.turbines.photosOf', { name: turbine.name })}
        title={compact ? t('panel.turbines.photos') : undefined}
      >
        <StrokeIcon className="size-4">
          <path d="m2.25 15.75 5.16-5.16a2.25 2.25 0 0 1 3.18 0l5.16 5.16m-1.5-1.5 1.41-1.41a2.25 2.25 0 0 1 3.18 0l2.91 2.91M3.75 21h16.5A1.5 1.5 0 0 0 21.75 19.5V4.5A1.5 1.5 0 0 0 20.25 3H3.75A1.5 1.5 0 0 0 2.25 4.5v15A1.5 1.5 0 0 0 3.75 21Z" />
        </StrokeIcon>
        {!compact && t('panel.turbines.photos')}
      </Link>
      <Link
        to="/turbine/$turbineId/360-view"
        params={{ turbineId: turbine.id }}
        className={compact ? 'btn-icon' : 'btn-secondary'}
        aria-label={t('panel.turbines.panoramaOf', { name: turbine.name })}
        title={compact ? t('panel.turbines.panorama') : undefined}
      >
        <StrokeIcon className="size-4">
          <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z" />
          <path d="M3.6 9h16.8M3.6 15h16.8M12 3a15 15 0 0 1 0 18M12 3a15 15 0 0 0 0 18" />
        </StrokeIcon>
        {!compact && t('panel.turbines.panorama')}
      </Link>
    </>
  );
}

/** Edit and delete, where the permission map allows them. */
export function TurbineManageButtons({
  turbine,
  onEdit,
  onDelete,
}: {
  turbine: Turbine;
  onEdit: (turbine: Turbine) => void;
  onDelete: (turbine: Turbine) => void;
}) {
  const { t } = useI18n();
  const canEdit = useCan('turbine.update');
  const canDelete = useCan('turbine.delete');
  return (
    <>
      {canEdit && (
        <button
          type="button"
          className="btn-icon"
          aria-label={t('panel.turbines.editOf', { name: turbine.name })}
          title={t('panel.action.edit')}
          onClick={() => onEdit(turbine)}
        >
          <StrokeIcon className="size-4">
            <path d="m16.86 4.49 1.69-1.69a1.88 1.88 0 1 1 2.65 2.65L10.58 16.07a4.5 4.5 0 0 1-1.9 1.13L6 18l.8-2.68a4.5 4.5 0 0 1 1.13-1.9l8.93-8.93Zm0 0L19.5 7.13" />
          </StrokeIcon>
        </button>
      )}
      {canDelete && (
        <button
          type="button"
          className="btn-icon text-red-700 dark:text-red-400"
          aria-label={t('panel.turbines.deleteOf', { name: turbine.name })}
          title={t('panel.action.delete')}
          onClick={() => onDelete(turbine)}
        >
          <TrashIcon />
        </button>
      )}
    </>
  );
}
