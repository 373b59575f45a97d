import { REPAIR_PAGE, type RepairFilters, type RepairStatus } from '@kanat360/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fleetRepairsQueryOptions } from '@/api/repairs';
import { useI18n } from '@/i18n/language';
import { RepairBoard } from './RepairBoard';

/**
 * The fleet's board: drawn from the first page, the next pages fetched one after another behind it. The lists come
 * newest first and a column keeps that order, so the cards in view at first are already the column's top ones; the
 * column counts come from the summary until every page is in.
 */
export function FleetBoard({
  filters,
  counts,
}: {
  filters: RepairFilters;
  counts: Record<RepairStatus, number> | undefined;
}) {
  const { t } = useI18n();
  const pages = useInfiniteQuery(fleetRepairsQueryOptions(filters, REPAIR_PAGE.maxLimit));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const repairs = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);

  if (pages.isPending) return <p className="text-sm">{t('common.loading')}</p>;
  if (pages.isError) {
    return (
      <p className="card p-4 text-sm text-red-700 dark:text-red-300" role="alert">
        {pages.error.message}
      </p>
    );
  }
  return <RepairBoard repairs={repairs} counts={hasNextPage ? counts : undefined} loadingMore={hasNextPage} />;
}
