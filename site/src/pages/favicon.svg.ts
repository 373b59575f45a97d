import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import mark from '@kanat360/brand/mark.json';
import type { APIRoute } from 'astro';

// The favicon of the site and the panel (served from the same origin), drawn from the brand's mark and palette:
// the mark in white on a rounded square of the brand's 700.
const theme = readFileSync(createRequire(import.meta.url).resolve('@kanat360/brand/theme.css'), 'utf8');
const background = /--color-brand-700:\s*(#[0-9a-f]{6})/i.exec(theme)?.[1] ?? '#000000';
const { ring, hub } = mark;
const blades = mark.bladeAngles
  .map((angle) => `<path d="${mark.blade}" transform="rotate(${angle} ${hub.cx} ${hub.cy})"/>`)
  .join('');

export const GET: APIRoute = () =>
  new Response(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${mark.viewBox}">` +
      `<rect width="32" height="32" rx="7" fill="${background}"/>` +
      `<g transform="translate(3 3) scale(0.8125)" fill="#fff">` +
      `<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="#fff" stroke-width="${ring.strokeWidth}" ` +
      `stroke-linecap="round" stroke-dasharray="${ring.dashArray}" transform="rotate(${ring.rotate} ${ring.cx} ${ring.cy})" opacity="0.55"/>` +
      `${blades}<circle cx="${hub.cx}" cy="${hub.cy}" r="${hub.r}"/></g></svg>\n`,
    { headers: { 'Content-Type': 'image/svg+xml' } },
  );
