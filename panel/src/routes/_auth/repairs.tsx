import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadCatalogAreas } from '@/i18n/language';

/** The repairs' screens (the fleet's list, board and month; a repair's page): their texts come with them. */
export const Route = createFileRoute('/_auth/repairs')({
  beforeLoad: () => loadCatalogAreas('repairs'),
  component: Outlet,
});
