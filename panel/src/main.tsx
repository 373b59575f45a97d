import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/api/query-client';
import { loadCatalog, loadShellCatalog, preferredLanguage } from '@/i18n/language';
import { createAppRouter } from '@/router';
import { appStore } from '@/state/store';
import { applyTheme, readStoredTheme } from '@/theme/theme';

// Before the first paint, so a dark-theme user never sees a light flash.
applyTheme(readStoredTheme());

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <JotaiProvider store={appStore}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </JotaiProvider>
    </StrictMode>,
  );
// The shell's texts of the language in use come before the first render (only that language is fetched), the other
// screens' right after it. Should they fail to come, the panel renders all the same: the router's error screens work.
const language = preferredLanguage();
loadShellCatalog(language)
  .then(render, render)
  .then(() => loadCatalog(language))
  .catch(() => undefined);
