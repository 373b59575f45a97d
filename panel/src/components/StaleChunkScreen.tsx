import { useEffect, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { mayReloadForStaleChunk } from '@/stale-chunks';
import { FullPageMessage } from './FullPageMessage';

/**
 * What an error screen shows for a chunk that failed to load (stale-chunks.ts): the page reloads once to take the new
 * version; if it was just reloaded, a message says so and offers to reload. The error screen showing it names the
 * page (`panel.staleChunk.title`).
 */
export function StaleChunkScreen() {
  const { t } = useI18n();
  // Decided once, when the screen first shows: the page is on its way out once the reload has started.
  const [reloading] = useState(mayReloadForStaleChunk);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) return <FullPageMessage busy>{t('panel.staleChunk.reloading')}</FullPageMessage>;
  return (
    <section className="card mx-auto mt-10 w-full max-w-lg p-8" role="alert" data-testid="stale-chunk">
      <h1 className="text-xl font-semibold">{t('panel.staleChunk.title')}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('panel.staleChunk.text')}</p>
      <div className="mt-6">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t('panel.staleChunk.reload')}
        </button>
      </div>
    </section>
  );
}
