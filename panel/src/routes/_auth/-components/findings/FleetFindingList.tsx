import { FINDING_NAME_KEYS, type Finding, type FindingFilters, type FindingSort } from '@kanat360/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { fleetFindingsQueryOptions } from '@/api/findings';
import { EmptyState } from '@/components/EmptyState';
import { type FindingSelection, selectable, shownSelection } from '@/findings/finding-selection';
import { repairHolding } from '@/findings/plan-repair';
import { SeverityBadge } from '@/findings/SeverityBadge';
import { type I18n, useI18n } from '@/i18n/language';

const ROW_HEIGHT = 60;
/** Asks for the next page when the rows in view come this close to the end of what is loaded. */
const LOAD_AHEAD_ROWS = 30;
/** Rows drawn while the first page loads. */
const SKELETON_ROWS = 6;
/** The columns of the header and of every row: severity, finding, position, size, status, stage, year. */
const COLUMNS = 'grid grid-cols-[4.75rem_minmax(8rem,1fr)_minmax(12rem,1.6fr)_7rem_8rem_6rem_3.5rem] gap-3';
const CUSTOMER_COLUMNS = 'grid grid-cols-[4.75rem_minmax(8rem,1fr)_minmax(12rem,1.6fr)_7rem_8rem_3.5rem] gap-3';

const STAGE_BADGE = {
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  released: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
} as const;

function sizeOf(finding: Finding, { t, locale }: I18n): string {
  const mm = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (finding.length_mm === null) return t('panel.fleetFindings.noSize');
  if (finding.width_mm === null) return t('panel.fleetFindings.length', { length: mm.format(finding.length_mm) });
  return t('panel.fleetFindings.size', { length: mm.format(finding.length_mm), width: mm.format(finding.width_mm) });
}

function FindingRow({
  finding,
  turbineName,
  showStage,
  picking,
}: {
  finding: Finding;
  turbineName: string;
  showStage: boolean;
  /** A box to pick the row sits before it: the row starts at the box's edge. */
  picking: boolean;
}) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const metres = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const type = t(FINDING_NAME_KEYS.type(finding.type));
  return (
    <Link
      to="/turbine/$turbineId/findings/$findingId"
      params={{ turbineId: finding.turbine_id, findingId: finding.id }}
      className={`${showStage ? COLUMNS : CUSTOMER_COLUMNS} h-full min-w-0 flex-1 items-center px-4 text-sm ${picking ? 'pl-0' : ''} hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none dark:hover:bg-slate-800/60 dark:focus-visible:bg-brand-900/40`}
      title={t('panel.fleetFindings.open')}
      data-testid="finding-row-link"
    >
      <span>
        <SeverityBadge severity={finding.severity} compact />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium" data-testid="finding-type">
          {type}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400" data-testid="finding-turbine">
          {turbineName}
        </span>
      </span>
      <span className="min-w-0">
        <span className="block truncate">
          {t('panel.fleetFindings.position', {
            blade: finding.blade,
            surface: t(FINDING_NAME_KEYS.surface(finding.surface)),
          })}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
          {t('panel.fleetFindings.positionDetail', {
            zone: finding.zone,
            side: t(finding.internal ? 'findings.internal.true' : 'findings.internal.false'),
            distance: metres.format(finding.distance_from_root_m),
          })}
        </span>
      </span>
      <span className="truncate tabular-nums">{sizeOf(finding, i18n)}</span>
      <span className="truncate" data-testid="finding-status">
        {t(FINDING_NAME_KEYS.status(finding.status))}
      </span>
      {showStage && (
        <span>
          <span className={`badge ${STAGE_BADGE[finding.stage]}`} data-testid="finding-stage">
            {t(FINDING_NAME_KEYS.stage(finding.stage))}
          </span>
        </span>
      )}
      <span className="tabular-nums">{finding.year}</span>
    </Link>
  );
}

/**
 * A row's box to pick it for a repair; a finding an open repair holds cannot be picked, and its box says why (as a
 * tooltip and to a screen reader).
 */
function SelectCell({
  finding,
  checked,
  onToggle,
}: {
  finding: Finding;
  checked: boolean;
  onToggle: (finding: Finding) => void;
}) {
  const { t } = useI18n();
  const holding = repairHolding(finding);
  const label = holding
    ? t('panel.planRepair.heldBy', { id: holding.id })
    : t('panel.fleetFindings.select', { finding: `${t(FINDING_NAME_KEYS.type(finding.type))} #${finding.id}` });
  return (
    <span className="flex h-full w-10 shrink-0 items-center justify-center" title={holding ? label : undefined}>
      <input
        type="checkbox"
        className="size-4"
        checked={checked}
        disabled={holding !== null}
        aria-label={label}
        onChange={() => onToggle(finding)}
        data-testid="finding-select"
      />
    </span>
  );
}

function SkeletonRow() {
  return (
    <div className="flex h-full items-center gap-4 px-4" aria-hidden="true">
      <span className="h-5 w-8 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
      <span className="h-3 w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <span className="h-3 w-56 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

/** Picking findings for a repair: who may make one gets a box per row and one for all the rows loaded. */
export interface FindingPicking {
  selection: FindingSelection;
  onToggle: (finding: Finding) => void;
  onToggleShown: (shown: readonly Finding[]) => void;
}

/**
 * The fleet's findings matching the filters, in the order chosen, at any length: rows drawn only where the user looks
 * (virtualized), pages asked for as the user scrolls. A row opens the finding on its photo.
 */
export function FleetFindingList({
  filters,
  sort,
  turbineNames,
  showStage,
  filtered,
  onClearFilters,
  picking,
}: {
  filters: FindingFilters;
  sort: FindingSort;
  turbineNames: ReadonlyMap<number, string>;
  showStage: boolean;
  filtered: boolean;
  onClearFilters: () => void;
  picking: FindingPicking | null;
}) {
  const { t } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const pages = useInfiniteQuery({
    ...fleetFindingsQueryOptions(filters, sort),
    // A filter change keeps the rows in view until the new ones come.
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.data) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const rowCount = pages.isPending ? SKELETON_ROWS : total;

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastInView = virtualRows.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && lastInView >= items.length - LOAD_AHEAD_ROWS) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, lastInView, items.length]);
  // Other filters, or another order, start the list from its top.
  const filterKey = JSON.stringify([filters, sort]);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [filterKey]);

  if (pages.isError && items.length === 0) {
    return (
      <div className="card p-6" role="alert" data-testid="findings-error">
        <p className="text-sm text-red-700 dark:text-red-300">
          {t('panel.fleetFindings.loadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void pages.refetch()}>
            {t('common.tryAgain')}
          </button>
        </p>
      </div>
    );
  }
  if (!pages.isPending && total === 0) {
    return filtered ? (
      <EmptyState title={t('panel.fleetFindings.noMatch')}>
        <button type="button" className="btn-secondary" onClick={onClearFilters}>
          {t('panel.fleetFindings.clearFilters')}
        </button>
      </EmptyState>
    ) : (
      <EmptyState title={t('panel.fleetFindings.empty')}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('panel.fleetFindings.emptyHint')}</p>
      </EmptyState>
    );
  }

  const header = 'text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
  const shownState = picking ? shownSelection(picking.selection, items) : 'none';
  return (
    <div className="card overflow-hidden">
      <div className="flex border-b border-slate-200 dark:border-slate-800">
        {picking && (
          <span className="flex w-10 shrink-0 items-center justify-center">
            <input
              type="checkbox"
              className="size-4"
              checked={shownState === 'all'}
              ref={(box) => {
                if (box) box.indeterminate = shownState === 'some';
              }}
              disabled={!items.some(selectable)}
              aria-label={t('panel.fleetFindings.selectLoaded')}
              title={t('panel.fleetFindings.selectLoaded')}
              onChange={() => picking.onToggleShown(items)}
              data-testid="finding-select-shown"
            />
          </span>
        )}
        <div
          className={`${showStage ? COLUMNS : CUSTOMER_COLUMNS} flex-1 px-4 py-3 ${picking ? 'pl-0' : ''}`}
          aria-hidden="true"
        >
          <span className={header}>{t('panel.fleetFindings.column.severity')}</span>
          <span className={header}>{t('panel.fleetFindings.column.finding')}</span>
          <span className={header}>{t('panel.fleetFindings.column.position')}</span>
          <span className={header}>{t('panel.fleetFindings.column.size')}</span>
          <span className={header}>{t('panel.fleetFindings.column.status')}</span>
          {showStage && <span className={header}>{t('panel.fleetFindings.column.stage')}</span>}
          <span className={header}>{t('panel.fleetFindings.column.year')}</span>
        </div>
      </div>
      <div
        ref={scroller}
        className="overflow-y-auto"
        // Grows with its rows, up to what the window leaves below the filters (never under ~7 rows).
        style={{ height: `min(${rowCount * ROW_HEIGHT}px, max(26rem, calc(100vh - 24rem)))` }}
        aria-busy={pages.isFetching}
        data-testid="findings-scroller"
      >
        <div
          role="list"
          aria-label={t('panel.fleetFindings.listLabel')}
          style={{ height: virtualizer.getTotalSize() }}
          className="relative"
        >
          {virtualRows.map((row) => {
            const finding = pages.isPending ? undefined : items[row.index];
            return (
              <div
                key={finding?.id ?? `placeholder-${row.index}`}
                role="listitem"
                className="absolute inset-x-0 flex border-b border-slate-100 dark:border-slate-800"
                style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                data-testid={finding ? 'finding-row' : 'finding-row-loading'}
                data-index={row.index}
                data-finding-id={finding?.id}
                data-severity={finding?.severity}
              >
                {finding && picking && (
                  <SelectCell
                    finding={finding}
                    checked={picking.selection.has(finding.id)}
                    onToggle={picking.onToggle}
                  />
                )}
                {finding ? (
                  <FindingRow
                    finding={finding}
                    turbineName={
                      turbineNames.get(finding.turbine_id) ??
                      t('panel.fleetFindings.turbineNumber', { id: finding.turbine_id })
                    }
                    showStage={showStage}
                    picking={picking !== null}
                  />
                ) : (
                  <SkeletonRow />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {isFetchNextPageError && (
        <p
          className="border-t border-slate-200 px-4 py-3 text-sm text-red-700 dark:border-slate-800 dark:text-red-300"
          role="alert"
        >
          {t('panel.fleetFindings.loadFailed')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void fetchNextPage()}>
            {t('common.tryAgain')}
          </button>
        </p>
      )}
    </div>
  );
}
