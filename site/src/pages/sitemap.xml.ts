import type { APIRoute } from 'astro';
import { LANGUAGES } from '@kanat360/i18n';
import { INDEXABLE_ROUTES, localizedUrl } from '../i18n/routes';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Every indexable page in both languages, each with its alternates (hreflang, and x-default: Turkish). */
export const GET: APIRoute = ({ site }) => {
  const absolute = (path: string) => escapeXml(new URL(path, site).href);
  const urls = INDEXABLE_ROUTES.flatMap((route) => {
    const alternates = [
      ...LANGUAGES.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${absolute(localizedUrl(language, route))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${absolute(localizedUrl('tr', route))}"/>`,
    ].join('\n');
    return LANGUAGES.map(
      (language) => `  <url>\n    <loc>${absolute(localizedUrl(language, route))}</loc>\n${alternates}\n  </url>`,
    );
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
