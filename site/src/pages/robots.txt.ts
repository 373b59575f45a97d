import type { APIRoute } from 'astro';

// The panel and the API are not for search engines; the site is, and its sitemap says what it holds.
export const GET: APIRoute = ({ site }) =>
  new Response(
    `User-agent: *\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site).href}\n`,
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
