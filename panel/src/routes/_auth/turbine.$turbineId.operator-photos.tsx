import { createFileRoute } from '@tanstack/react-router';
import { CategoryViewerPage } from './-components/viewer/CategoryViewerPage';
import { categorySearchSchema } from './-components/viewer/viewer-search';

/** Spec §2's /dashboard/turbine/{id}/operator-photos (the parent route loads the turbine and handles its failures). */
export const Route = createFileRoute('/_auth/turbine/$turbineId/operator-photos')({
  validateSearch: categorySearchSchema,
  staticData: { fullBleed: true },
  component: OperatorPhotos,
});

function OperatorPhotos() {
  const { turbineId } = Route.useParams();
  return <CategoryViewerPage turbineId={turbineId} category="operator" search={Route.useSearch()} />;
}
