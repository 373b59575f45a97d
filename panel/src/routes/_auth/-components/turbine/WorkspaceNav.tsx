import { type MessageKey } from '@kanat360/i18n';
import { useEffect, useState } from 'react';
import { useI18n } from '@/i18n/language';

/** A section counts as the one being read once its top has passed this far below the window's top (header + bar). */
const READING_LINE_PX = 140;

/**
 * The id of the section the user is reading: the last one whose top has passed the reading line, or the last section
 * once the page has been scrolled to its foot.
 */
function useSectionInView(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(' ');
  useEffect(() => {
    const sections = key.split(' ');
    let frame = 0;
    const measure = () => {
      frame = 0;
      let passed: string | null = null;
      for (const id of sections) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= READING_LINE_PX) passed = id;
      }
      // At the foot of the page the last section is the one being read, though its top cannot reach the line.
      const atEnd =
        window.scrollY > 0 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const last = sections.at(-1);
      setCurrent(atEnd && last && document.getElementById(last) ? last : passed);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);
  return current;
}

/**
 * The turbine screen is long (three blades, three categories, reports, every photo): a bar under the header jumps
 * to each section, and shows which one is being read. The filters in the address stay as they are.
 */
export function WorkspaceNav({ sections }: { sections: { id: string; label: MessageKey }[] }) {
  const { t } = useI18n();
  const current = useSectionInView(sections.map((section) => section.id));
  return (
    <nav
      aria-label={t('panel.turbine.sectionsLabel')}
      className="sticky top-16 z-30 -mx-2 mb-6 border-b border-slate-200 bg-slate-50/90 px-2 py-2 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90"
    >
      <ul className="flex flex-wrap gap-1">
        {sections.map((section) => (
          <li key={section.id}>
            {/* A plain in-page anchor: the address keeps its filters, and no router link marks every section
                of the same page "current". */}
            <a
              href={`#${section.id}`}
              className={`btn-ghost h-8 text-sm ${current === section.id ? 'bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-100' : ''}`}
              aria-current={current === section.id ? 'location' : undefined}
            >
              {t(section.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
