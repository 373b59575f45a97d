import { lazy, Suspense } from 'react';
import type { PlanRepairDialogProps } from './PlanRepairDialog';

const PlanRepairDialog = lazy(async () => ({ default: (await import('./PlanRepairDialog')).PlanRepairDialog }));

/**
 * The "plan repair" dialog, fetched when it first opens: its form stays out of the screens that offer it (issue #23's
 * first-load budget). Its texts (panel.planRepair.*) come with the workspace area, which those screens load.
 */
export function LazyPlanRepairDialog(props: PlanRepairDialogProps) {
  return (
    <Suspense fallback={null}>
      <PlanRepairDialog {...props} />
    </Suspense>
  );
}
