import { type LocationRewrite } from '@tanstack/react-router';

/** Where the BFF serves the panel; Vite's `base` is the same path with a trailing slash. */
export const PANEL_BASEPATH = '/dashboard';

/**
 * Maps browser URLs under PANEL_BASEPATH to router paths and back. The router's own `basepath` option does the
 * same, except that it writes the panel's home as "/dashboard/" and rewrites the address the site sent the user
 * to (TanStack/router#7291, open); this keeps it "/dashboard".
 */
export const panelBasepathRewrite = {
  input: ({ url }) => {
    if (url.pathname === PANEL_BASEPATH) url.pathname = '/';
    else if (url.pathname.startsWith(`${PANEL_BASEPATH}/`)) url.pathname = url.pathname.slice(PANEL_BASEPATH.length);
    return url;
  },
  output: ({ url }) => {
    url.pathname = url.pathname === '/' ? PANEL_BASEPATH : `${PANEL_BASEPATH}${url.pathname}`;
    return url;
  },
} satisfies LocationRewrite;
