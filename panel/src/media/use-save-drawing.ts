import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { refreshAfterMediaChange, saveEditedPhoto } from '@/api/media';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';
import { burnIn } from '@/viewers/drawing/burn-in';
import { toolInHandAtom, useUnsavedDrawing, useViewerSession } from './viewer-session';

/**
 * Saving the drawing on the photo on screen (spec §4, §7): burnt into the original at full resolution, sent as the
 * photo's new current version, which then takes the photo's place; spec §9's "Aktif fotoğraf bulunamadı!" when no
 * ready photo is on screen. A failure keeps the drawing.
 */
export function useSaveDrawing() {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { turbineId, item, onItemChange } = useViewerSession();
  const drawing = useUnsavedDrawing();
  const setTool = useSetAtom(toolInHandAtom);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (item.kind !== 'photo' || item.status !== 'ready') {
      toast.warning(t('panel.drawing.noActivePhoto'));
      return;
    }
    if (drawing.shapes.length === 0) {
      toast.warning(t('panel.drawing.nothingToSave'));
      return;
    }
    setSaving(true);
    try {
      const response = await fetch(item.url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`original: ${response.status}`);
      const jpeg = await burnIn(await response.blob(), drawing.shapes, item.is_panorama);
      const answer = await saveEditedPhoto(turbineId, item, jpeg);
      toast.success(answer.message ?? t('api.photoSaved'));
      drawing.clear();
      setTool(null);
      onItemChange(answer.data);
      void refreshAfterMediaChange(queryClient, turbineId);
    } catch {
      toast.error(t('panel.drawing.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
