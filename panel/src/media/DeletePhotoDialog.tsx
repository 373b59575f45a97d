import { ApiError } from '@kanat360/api-client';
import { type MediaItem } from '@kanat360/contracts';
import { useDeletePhoto } from '@/api/media';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';

/**
 * Spec §2's "Fotoğrafı Sil": the photo (with every edited version of it) goes, and this cannot be undone. The
 * server's "Fotoğraf Silindi" on success; "Silme Hatası" with the server's message (or "Fotoğraf silinemedi") when
 * it refuses, "Hata" when the call fails on the way (spec §8).
 */
export function DeletePhotoDialog({
  turbineId,
  item,
  onClose,
  onDeleted,
}: {
  turbineId: number;
  item: MediaItem;
  onClose: () => void;
  onDeleted: (item: MediaItem) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const remove = useDeletePhoto(turbineId, (deleted) => {
    onDeleted(deleted);
    onClose();
  });
  const confirm = () =>
    remove.mutate(item, {
      onError: (error) => {
        toast.error(
          error instanceof ApiError && error.status > 0
            ? t('panel.photos.deleteFailed', { message: error.message || t('panel.photos.deleteFailedFallback') })
            : t('panel.photos.deleteError'),
        );
        onClose();
      },
    });
  return (
    <ConfirmDialog
      title={t('panel.photos.deleteTitle')}
      confirmLabel={t('panel.action.delete')}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="delete-photo-dialog"
    >
      <p>{t('panel.photos.deleteMessage', { name: item.originalName })}</p>
    </ConfirmDialog>
  );
}
