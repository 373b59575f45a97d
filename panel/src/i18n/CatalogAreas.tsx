import { type ReactNode, useEffect, useState } from 'react';
import type { CatalogArea } from './panel-catalog';
import { loadCatalogAreas } from './language';

/**
 * Shows `children` once the texts of `areas` are here: for an error screen a route shows when it failed before its
 * `beforeLoad` fetched them (a bad parameter fails first), so that no key shows in place of a text.
 */
export function CatalogAreas({ areas, children }: { areas: readonly CatalogArea[]; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const key = areas.join(',');
  useEffect(() => {
    let live = true;
    // Failing to fetch them, the screen shows all the same (Turkish, or the keys): better than nothing at all.
    void loadCatalogAreas(...(key.split(',') as CatalogArea[])).finally(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return ready ? children : null;
}
