import { type Repair } from '@kanat360/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

/** A card's height before it is measured (title, turbine line and the "Move to" menu). */
const CARD_HEIGHT_ESTIMATE = 96;
/** Cards drawn beyond the column's visible part, so a quick scroll shows no gap. */
const OVERSCAN = 6;

/**
 * A board column's cards, only those in view in the page (bench:board: 5,000 repairs drew 5,000 cards, each with its
 * menu, before the board showed anything). The column scrolls on its own; each card is measured once drawn.
 */
export function BoardColumnCards({
  repairs,
  renderCard,
  footer,
}: {
  repairs: readonly Repair[];
  renderCard: (repair: Repair) => ReactNode;
  /** Below the last card (more cards on their way). */
  footer?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: repairs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT_ESTIMATE,
    getItemKey: (index) => repairs[index]?.id ?? index,
    overscan: OVERSCAN,
  });
  return (
    <div ref={scroller} className="max-h-[70vh] overflow-y-auto">
      <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const repair = repairs[row.index];
          if (!repair) return null;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full pb-2"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {renderCard(repair)}
            </li>
          );
        })}
      </ul>
      {footer}
    </div>
  );
}
