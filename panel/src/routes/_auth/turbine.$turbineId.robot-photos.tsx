import { createFileRoute } from '@tanstack/react-router';
import { CategoryViewerPage } from './-components/viewer/CategoryViewerPage';
import { categorySearchSchema } from './-components/viewer/viewer-search';

/** Spec §2's /dashboard/turbine/{id}/robot-photos (the parent route loads the turbine and handles its failures). */
export const Route = createFileRoute('/_auth/turbine/$turbineId/robot-photos')({
  validateSearch: categorySearchSchema,
  staticData: { fullBleed: true },
  component: RobotPhotos,
});

function RobotPhotos() {
  const { turbineId } = Route.useParams();
  return <CategoryViewerPage turbineId={turbineId} category="robot" search={Route.useSearch()} />;
}
