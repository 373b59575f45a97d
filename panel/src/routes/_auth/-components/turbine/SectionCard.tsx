import { type ReactNode } from 'react';

/** A section of the turbine screen: a titled card with its own controls on the right, reachable by its anchor. */
export function SectionCard({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className="card mb-6 scroll-mt-32 p-6"
      aria-labelledby={`${id}-title`}
      data-testid={`section-${id}`}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
