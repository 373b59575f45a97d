import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type Page, expect } from '@playwright/test';
import { type Mail, parseMail } from '../../bff/test/mail-format.js';
import { dataDirOf, SERVER_PORT } from './server.js';

export type Language = 'tr' | 'en';

/**
 * Every page of the public site with a twin in the other language, by its path in each language, and the status it
 * answers with (the error pages their own).
 */
export const PUBLIC_PAGES = [
  { name: 'home', tr: '/', en: '/en/', status: 200 },
  { name: 'about', tr: '/about/', en: '/en/about/', status: 200 },
  { name: 'contact', tr: '/contact/', en: '/en/contact/', status: 200 },
  { name: 'faq', tr: '/faq/', en: '/en/faq/', status: 200 },
  { name: 'privacy', tr: '/privacy/', en: '/en/privacy/', status: 200 },
  { name: 'login', tr: '/login/', en: '/en/login/', status: 200 },
  { name: 'password reset', tr: '/password-reset/', en: '/en/password-reset/', status: 200 },
  { name: 'server error', tr: '/500/', en: '/en/500/', status: 500 },
  { name: 'unauthorized', tr: '/401/', en: '/en/401/', status: 401 },
] as const;

export const LANGUAGE_KEY = 'kanat360.language';
export const THEME_KEY = 'kanat360.theme';

/** A catalog key that was not translated shows up as itself, e.g. "site.home.hero.title". */
export const RAW_KEY = /\b(?:site|common|errors|auth|api|mail|panel)\.[a-zA-Z]+(?:\.[a-zA-Z0-9]+)+\b/;

/** Checks that the page shows no catalog key where a text belongs, in its body, title or attributes. */
export async function expectNoRawKeys(page: Page): Promise<void> {
  const texts = await page.evaluate(() => {
    const attributes = [
      ...document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [data-count-template]'),
    ].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt', 'data-count-template', 'data-empty-template'].map(
        (name) => element.getAttribute(name) ?? '',
      ),
    );
    const meta = [...document.querySelectorAll('meta[name="description"], meta[property^="og:"]')].map(
      (element) => element.getAttribute('content') ?? '',
    );
    return [document.title, document.body.innerText, ...attributes, ...meta];
  });
  for (const text of texts) expect(text).not.toMatch(RAW_KEY);
}

/**
 * Stops the page's clock before it loads: its timers (slideshow, delays) then fire only when the test moves the
 * clock on with `page.clock.runFor`, so timing checks do not depend on how fast the machine is.
 */
export async function freezeClock(page: Page): Promise<void> {
  const start = Date.parse('2026-06-01T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

/** The floating WhatsApp button waits a second; tests that look at the whole page show it at once. */
export async function showDelayedParts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('[data-whatsapp]')) element.setAttribute('data-shown', '');
  });
}

// --- The mails this worker's e2e server wrote to its outbox (start-server.mjs: tests/.tmp/e2e-data-{port}/outbox) ---

const OUTBOX = new URL('outbox/', dataDirOf(SERVER_PORT));

/** The mails to `address`, decoded (the bff tests' own reader). */
export function mailsTo(address: string): Mail[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(readFileSync(new URL(name, OUTBOX), 'utf8')))
    .filter((mail) => mail.to.includes(address));
}

/** Waits for the first mail to `address` (mail goes through a background job). */
export async function waitForMail(address: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(() => (mail = mailsTo(address)[0]), { timeout: 20_000, message: `a mail to ${address}` })
    .toBeDefined();
  return mail!;
}
