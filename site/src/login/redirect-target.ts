/** The signed-in panel: one path for both languages (it reads the stored language itself). */
export const DASHBOARD_PATH = '/dashboard';

/**
 * Where to go after signing in: the `redirect` query parameter when it is a path of the panel on this origin
 * (the session guard sends visitors here with the page they wanted), otherwise the panel's home. Anything else —
 * another origin, `//host`, a path outside the panel — falls back, so the parameter cannot be used as an open
 * redirect.
 */
export function dashboardRedirectTarget(search: string, origin: string): string {
  const requested = new URLSearchParams(search).get('redirect');
  if (!requested?.startsWith('/')) return DASHBOARD_PATH;
  let url: URL;
  try {
    url = new URL(requested, origin);
  } catch {
    return DASHBOARD_PATH;
  }
  if (url.origin !== origin) return DASHBOARD_PATH;
  if (url.pathname !== DASHBOARD_PATH && !url.pathname.startsWith(`${DASHBOARD_PATH}/`)) return DASHBOARD_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
