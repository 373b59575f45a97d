import { LIMITS, type SkippedFile } from '@kanat360/contracts';
import { useCallback, useState } from 'react';
import { apiClient } from '@/api/client';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';
import { groupSkipped, type PickerKind, screenFiles, screenReports, type SkippedChoice } from './upload-rules';
import { uploadQueue } from './use-uploads';

/** Names the server would skip (spec §5: the naming rule, names the turbine already has), asked before sending. */
async function namesTheServerSkips(turbineId: number, names: string[]): Promise<SkippedFile[]> {
  if (names.length === 0) return [];
  const answer = await apiClient.post('/turbines/{id}/photos/check-names', {
    path: { id: turbineId },
    body: { names },
  });
  return answer.data.skipped;
}

/**
 * The files chosen in one section, before they are uploaded. Every rule that can be checked before a byte is sent
 * is checked as files are chosen (spec §5): refused files never join the choice, and one message per reason says
 * which and why (shown 5 s; for reports 8 s).
 */
export function useFileChoice(turbineId: number, picker: PickerKind) {
  const { t } = useI18n();
  const toast = useToast();
  const [chosen, setChosen] = useState<File[]>([]);
  const [checking, setChecking] = useState(false);

  const tellSkipped = useCallback(
    (skipped: readonly SkippedChoice[]) => {
      for (const { code, names } of groupSkipped(skipped)) {
        toast.warning(t(`errors.${code}`, { n: names.length, names: names.join(', '), file: names.join(', ') }), {
          durationMs: picker === 'report' ? LIMITS.skippedReportsToastMs : LIMITS.skippedNamesToastMs,
        });
      }
    },
    [picker, t, toast],
  );

  const choose = useCallback(
    async (files: readonly File[]) => {
      if (picker === 'report') {
        const screened = screenReports(files);
        tellSkipped(screened.skipped);
        if (screened.accepted.length > 0) setChosen((previous) => [...previous, ...screened.accepted]);
        return;
      }
      // Names already chosen here, or on their way in the queue, count as taken too.
      const queued = uploadQueue
        .snapshot()
        .filter(
          (item) =>
            item.destination.target === 'media' &&
            item.destination.turbineId === turbineId &&
            item.status !== 'cancelled' &&
            item.status !== 'failed',
        )
        .map((item) => item.file.name);
      const local = screenFiles(files, picker, [...chosen.map((file) => file.name), ...queued]);
      let accepted = local.accepted;
      let skipped: SkippedChoice[] = local.skipped;
      if (accepted.length > 0) {
        setChecking(true);
        try {
          const refused = await namesTheServerSkips(
            turbineId,
            accepted.map((file) => file.name),
          );
          const byName = new Map(refused.map((skip) => [skip.name, skip]));
          skipped = [
            ...skipped,
            ...refused.map((skip) => ({ name: skip.name, code: skip.code as SkippedChoice['code'] })),
          ];
          accepted = accepted.filter((file) => !byName.has(file.name));
        } catch {
          // The server checks every file again on upload; a failed pre-check only loses the early warning.
        } finally {
          setChecking(false);
        }
      }
      tellSkipped(skipped);
      if (accepted.length > 0) setChosen((previous) => [...previous, ...accepted]);
    },
    [chosen, picker, tellSkipped, turbineId],
  );

  const remove = useCallback((file: File) => setChosen((previous) => previous.filter((item) => item !== file)), []);
  const clear = useCallback(() => setChosen([]), []);
  return { chosen, checking, choose, remove, clear };
}
