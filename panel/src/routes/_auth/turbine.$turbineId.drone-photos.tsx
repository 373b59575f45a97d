import { createFileRoute } from '@tanstack/react-router';
import { CategoryViewerPage } from './-components/viewer/CategoryViewerPage';
import { categorySearchSchema } from './-components/viewer/viewer-search';

/** Spec §2's /dashboard/turbine/{id}/drone-photos (the parent route loads the turbine and handles its failures). */
export const Route = createFileRoute('/_auth/turbine/$turbineId/drone-photos')({
  validateSearch: categorySearchSchema,
  staticData: { fullBleed: true },
  component: DronePhotos,
});

function DronePhotos() {
  const { turbineId } = Route.useParams();
  return <CategoryViewerPage turbineId={turbineId} category="drone" search={Route.useSearch()} />;
}
