import { translator } from '@kanat360/i18n';
import { crc32, deflateSync } from 'node:zlib';
import { type Page, expect, test } from '@playwright/test';
import { type Turbine } from '@kanat360/contracts';
import { typedApi } from './api.js';
import { apiAs, type DemoAccount, seeder, seedPhotos, signInAs } from './panel.js';
import { demo } from './fixtures.js';

const inTurkish = translator('tr');

// The turbine workspace (/dashboard/turbine/{id}): its route and errors, what each role sees, and the upload engine.

let turbine: Turbine;

test.beforeEach(async () => {
  const seed = await seeder();
  turbine = await seed.createTurbine();
  await seed.dispose();
});

const workspace = (id: number) => `/dashboard/turbine/${id}`;

/**
 * A JPEG made in the page (the tests package has no image library): a smooth one stays small, a noisy one of the
 * same size weighs megabytes.
 */
async function jpeg(page: Page, name: string, { width = 640, height = 480, noise = false } = {}) {
  const base64 = await page.evaluate(
    async ([w, h, noisy]) => {
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d')!;
      if (noisy) {
        const image = context.createImageData(w, h);
        for (let i = 0; i < image.data.length; i += 1) image.data[i] = i % 4 === 3 ? 255 : Math.random() * 255;
        context.putImageData(image, 0, 0);
      } else {
        context.fillStyle = '#2a6fb0';
        context.fillRect(0, 0, w, h);
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    [width, height, noise] as const,
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/** A PNG that says it is `width` × `height` (its pixels never come): what a decompression bomb looks like. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const bladePanel = (page: Page, blade: 'A' | 'B' | 'C') => page.getByTestId(`blade-panel-${blade}`);
const uploadItem = (page: Page, name: string) => page.locator(`[data-testid="upload-item"][data-name="${name}"]`);

test.describe('the turbine workspace route', () => {
  test('opens from a dashboard card, names the tab after the turbine, and shows its title card', async ({ page }) => {
    await signInAs(page, 'operator');
    const card = page.locator(`[data-testid="turbine-card"][data-turbine-id="${turbine.id}"]`);
    await card.getByRole('link', { name: /^Fotoğraflar/ }).click();
    await expect(page).toHaveURL(new RegExp(`${workspace(turbine.id)}$`));
    await expect(page.getByTestId('turbine-title')).toHaveText('İzmir Türbini');
    await expect(page).toHaveTitle('İzmir Türbini | Kanat360');
    await expect(page.getByTestId('turbine-code')).toHaveText(`İzmir-${turbine.code}`);
    await expect(page.getByTestId('turbine-latest-year')).toHaveText(inTurkish('panel.turbine.noInspection'));
    // The section bar jumps to a section and marks it as the one being read.
    const sectionBar = page.getByRole('navigation', { name: 'Türbin sayfasının bölümleri' });
    await sectionBar.getByRole('link', { name: 'Tüm Fotoğraflar' }).click();
    await expect(sectionBar.getByRole('link', { name: inTurkish('panel.turbine.allPhotosTitle') })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await sectionBar.getByRole('link', { name: 'Kanat Fotoğrafları' }).click();
    await expect(sectionBar.getByRole('link', { name: inTurkish('panel.turbine.bladesTitle') })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await page.getByRole('button', { name: /^English/ }).click();
    await expect(page.getByTestId('turbine-title')).toHaveText('İzmir Turbine');
    await expect(page).toHaveTitle('İzmir Turbine | Kanat360');
  });

  test('answers a bad id, a missing or foreign turbine and a failed load with spec §2’s screens', async ({ page }) => {
    await signInAs(page, 'operator', { path: '/dashboard/turbine/abc' });
    await expect(page.getByTestId('turbine-error')).toContainText(inTurkish('panel.turbine.invalidId'));
    await page.goto('/dashboard/turbine/987654321');
    await expect(page.getByTestId('turbine-error')).toContainText(inTurkish('panel.turbine.notFound'));
    // Another company's turbine is exactly as missing.
    await signInAs(page, 'operator2', { path: workspace(turbine.id) });
    await expect(page.getByTestId('turbine-error')).toContainText(inTurkish('panel.turbine.notFound'));

    await signInAs(page, 'operator', { path: '/dashboard' });
    // Three failures: the first call and React Query's two retries of a 5xx.
    let failures = 3;
    await page.route(`**/api/turbines/${turbine.id}`, (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.goto(workspace(turbine.id));
    const error = page.getByTestId('turbine-error');
    await expect(error).toContainText(inTurkish('panel.turbine.loadFailedTitle'));
    await expect(error).toContainText(inTurkish('panel.turbine.loadFailed'));
    await error.getByRole('button', { name: 'Tekrar Dene' }).click();
    await expect(page.getByTestId('turbine-title')).toBeVisible();
  });

  test('a failed first page of photos is a failed load of the screen too: "Hata Oluştu", and the retry loads it', async ({
    page,
  }) => {
    await signInAs(page, 'operator', { path: '/dashboard' });
    // The all-photos list's first page (the room lists ask with a room): the first call and the two retries fail.
    let failures = 3;
    await page.route(
      (url) => url.pathname === `/api/turbines/${turbine.id}/photos` && !url.searchParams.has('room'),
      (route) => (failures-- > 0 ? route.fulfill({ status: 500, body: '' }) : route.continue()),
    );
    await page.goto(workspace(turbine.id));
    const error = page.getByTestId('turbine-error');
    await expect(error).toContainText(inTurkish('panel.turbine.loadFailedTitle'));
    await expect(page).toHaveTitle('Hata Oluştu | Kanat360');
    await error.getByRole('button', { name: 'Tekrar Dene' }).click();
    await expect(page.getByTestId('photos-count')).toHaveText('0 dosya');
    expect(failures).toBeLessThan(0);
  });

  test('a superadmin edits and deletes the turbine on its own screen; the others get no such buttons', async ({
    page,
  }) => {
    for (const account of ['admin', 'operator', 'customer'] as const) {
      await signInAs(page, account, { path: workspace(turbine.id) });
      await expect(page.getByTestId('turbine-title')).toBeVisible();
      await expect(
        page.getByTestId('turbine-title-card').getByRole('button', { name: /^(Düzenle|Sil): / }),
      ).toHaveCount(0);
    }
    await signInAs(page, 'superadmin', { path: workspace(turbine.id) });
    const breadcrumb = page.getByTestId('breadcrumb');
    await expect(breadcrumb).toContainText('Türbinler');
    await expect(breadcrumb).toContainText('İzmir Türbini');
    const card = page.getByTestId('turbine-title-card');
    await card.getByRole('button', { name: /^Düzenle: / }).click();
    const form = page.getByTestId('turbine-form');
    await form.getByLabel('Türbin adı').fill('Aliağa Kuzey T3');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByTestId('turbine-title')).toHaveText('Aliağa Kuzey T3');
    await expect(page).toHaveTitle('Aliağa Kuzey T3 | Kanat360');

    await card.getByRole('button', { name: /^Sil: / }).click();
    await page.getByTestId('turbine-delete').getByRole('button', { name: 'Türbini Sil' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator(`[data-testid="turbine-card"][data-turbine-id="${turbine.id}"]`)).toHaveCount(0);
    await breadcrumb.waitFor({ state: 'detached' });
  });

  test('folds the header into a menu below 1100 px; Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await signInAs(page, 'admin', { path: workspace(turbine.id) });
    await expect(page.getByRole('button', { name: /Çıkış Yap/ })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menü' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByTestId('header-menu');
    await expect(panel.getByRole('link', { name: inTurkish('panel.nav.users') })).toBeVisible();
    await expect(panel.getByRole('button', { name: /Çıkış Yap/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await panel.getByRole('link', { name: 'Türbin Yönetimi' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('what each role sees', () => {
  const uploaders: DemoAccount[] = ['superadmin', 'admin', 'manager', 'operator'];
  for (const account of uploaders) {
    test(`${account}: the blade panels, the category sections and the reports`, async ({ page }) => {
      await signInAs(page, account, { path: workspace(turbine.id) });
      for (const blade of ['A', 'B', 'C'] as const) {
        await expect(bladePanel(page, blade).getByTestId('room-picker').locator('option')).toHaveCount(25);
      }
      await expect(bladePanel(page, 'A').getByTestId('room-picker').locator('option').nth(8)).toHaveText('9 Tip-LW');
      await expect(bladePanel(page, 'A').getByTestId('room-picker').locator('option').nth(9)).toHaveText('Oda 10');
      await expect(page.getByTestId('blade-year').locator('option')).toHaveCount(11);
      for (const category of ['drone', 'operator', 'robot']) {
        await expect(page.getByTestId(`category-panel-${category}`)).toBeVisible();
      }
      await expect(page.getByTestId('section-reports')).toBeVisible();
      await expect(page.getByTestId('section-galleries')).toHaveCount(0);
    });
  }

  test('customer: the three galleries, no upload zone, no reports; the server refuses uploads anyway', async ({
    page,
  }) => {
    await signInAs(page, 'customer', { path: workspace(turbine.id) });
    for (const category of ['drone', 'operator', 'robot']) {
      await expect(page.getByTestId(`gallery-${category}`)).toBeVisible();
    }
    await expect(page.getByTestId('drop-zone')).toHaveCount(0);
    await expect(page.getByTestId('section-reports')).toHaveCount(0);
    await page.getByTestId('gallery-drone').getByRole('link', { name: 'Fotoğrafları Gör' }).click();
    await expect(page).toHaveURL(new RegExp(`${workspace(turbine.id)}/drone-photos$`));
    await expect(page.getByRole('heading', { name: inTurkish('panel.turbine.category.drone') })).toBeVisible();

    const api = await apiAs(demo('customer'));
    const refused = await api.post('/turbines/{id}/presigned-upload', {
      path: { id: turbine.id },
      body: { files: [{ name: 'x.jpg', size: 10, type: 'image/jpeg' }], room: 1, year: 2026, blade: 'A' },
    });
    expect(refused.status()).toBe(403);
    expect(
      (
        await api.post('/turbines/{id}/photos/check-names', { path: { id: turbine.id }, body: { names: ['x.jpg'] } })
      ).status(),
    ).toBe(403);
    await api.dispose();
  });
});

test.describe('uploads', () => {
  test('a small JPEG goes multipart and a 5 MB one direct, each with progress; both appear with thumbnails', async ({
    page,
  }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    const small = await jpeg(page, 'blade_small_01.jpg');
    const big = await jpeg(page, 'blade_big_01.jpg', { width: 2600, height: 1900, noise: true });
    expect(small.buffer.length).toBeLessThan(4 * 1024 * 1024);
    expect(big.buffer.length).toBeGreaterThanOrEqual(4 * 1024 * 1024);

    const paths: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' && url.pathname.startsWith('/api/'))
        paths.push(`${request.method()} ${url.pathname}`);
    });
    // The direct upload's PUT waits until the test has seen its progress bar.
    let releasePut!: () => void;
    const putHeld = new Promise<void>((resolve) => (releasePut = resolve));
    await page.route('**/api/storage/uploads/**', async (route) => {
      await putHeld;
      await route.continue();
    });

    const panel = bladePanel(page, 'A');
    await panel.getByTestId('room-picker').selectOption('3');
    await panel.locator('input[type=file]').setInputFiles([small, big]);
    await expect(panel.getByTestId('chosen-file')).toHaveCount(2);
    await expect(panel.getByTestId('upload-button')).toHaveText('Yükle (2)');
    await panel.getByTestId('upload-button').click();

    await expect(uploadItem(page, 'blade_small_01.jpg')).toHaveAttribute('data-status', 'done');
    const bigItem = uploadItem(page, 'blade_big_01.jpg');
    await expect(bigItem).toHaveAttribute('data-status', 'sending');
    await expect(bigItem.getByRole('progressbar', { name: 'blade_big_01.jpg' })).toBeVisible();
    await expect(panel.getByRole('progressbar', { name: 'Toplam ilerleme' })).toBeVisible();
    releasePut();
    await expect(bigItem).toHaveAttribute('data-status', 'done');
    await expect(bigItem.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(panel.getByTestId('upload-total')).toContainText('2 / 2 dosya');

    const id = turbine.id;
    expect(paths).toContain(`POST /api/turbines/${id}/photos`);
    expect(paths).toContain(`POST /api/turbines/${id}/presigned-upload`);
    expect(paths.some((path) => path.startsWith('PUT /api/storage/uploads/'))).toBe(true);
    expect(paths).toContain(`POST /api/turbines/${id}/confirm-upload`);

    // Both land in blade A, room 3, this year: "processing" first, then their thumbnails, without a reload.
    const thumbs = panel.getByTestId('media-thumb');
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.locator('img')).toHaveCount(2, { timeout: 30_000 });
    await expect(panel.getByTestId('room-count')).toHaveText('2 dosya');
    await expect(page.getByTestId('turbine-latest-year')).toHaveText(String(new Date().getFullYear()));
    // The pickers say where photos are: the room and the year now hold two.
    await expect(panel.getByTestId('room-picker').locator('option').nth(2)).toHaveText('3 Tip-WW (2)');
    await expect(bladePanel(page, 'B').getByTestId('room-picker').locator('option').nth(2)).toHaveText('3 Tip-WW');
    await expect(page.getByTestId('blade-year').locator('option').first()).toHaveText(
      `${new Date().getFullYear()} (2)`,
    );

    // A room's thumbnail opens the lightbox over that room's photos. Escape closes the newest toast before anything
    // else: the uploads' toast has gone by itself first (3 s).
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await thumbs.first().click();
    await expect(page.getByTestId('lightbox-counter')).toHaveText('1 / 2');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('lightbox-name')).toHaveText('blade_small_01.jpg');
    // Escape closes a toast first (the uploads' one may still be up), then the lightbox.
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('lightbox')).toHaveCount(0);
  });

  test('takes files dropped on a blade panel', async ({ page }) => {
    await signInAs(page, 'manager', { path: workspace(turbine.id) });
    const file = await jpeg(page, 'dropped_B_01.jpg');
    const dataTransfer = await page.evaluateHandle(
      ([name, base64]) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type: 'image/jpeg' }));
        return transfer;
      },
      [file.name, file.buffer.toString('base64')] as const,
    );
    const panel = bladePanel(page, 'B');
    await panel.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
    await expect(panel.getByTestId('chosen-file')).toHaveCount(1);
    await panel.getByTestId('upload-button').click();
    await expect(uploadItem(page, 'dropped_B_01.jpg')).toHaveAttribute('data-status', 'done');
    await expect(panel.getByTestId('media-thumb')).toHaveCount(1);
  });

  test('skips bad names and names the turbine already has before sending, with the spec messages', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    const panel = bladePanel(page, 'A');
    await panel.locator('input[type=file]').setInputFiles([await jpeg(page, 'first_01.jpg')]);
    await panel.getByTestId('upload-button').click();
    await expect(uploadItem(page, 'first_01.jpg')).toHaveAttribute('data-status', 'done');

    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/turbines/${turbine.id}/photos`)) uploads += 1;
    });
    // The page's clock stands still while the toasts' lifetimes are checked: a slow machine cannot eat into them.
    await page.clock.pauseAt(Date.now() + 60_000);
    await panel
      .locator('input[type=file]')
      .setInputFiles([
        await jpeg(page, 'kanat fotoğrafı (1).jpg'),
        await jpeg(page, 'FIRST_01.jpg'),
        await jpeg(page, 'second_01.jpg'),
      ]);
    await expect(
      page
        .getByTestId('toast')
        .filter({ hasText: '1 dosya geçersiz adlar nedeniyle atlandı: kanat fotoğrafı (1).jpg' }),
    ).toBeVisible();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Aynı isimde fotoğraflar zaten mevcut: FIRST_01.jpg' }),
    ).toBeVisible();
    await expect(panel.getByTestId('chosen-file')).toHaveCount(1);
    await expect(panel.getByTestId('chosen-file')).toHaveAttribute('title', /^second_01\.jpg/);
    expect(uploads).toBe(0);
    // Spec §5: the skipped-names message goes after 5 s.
    const skippedNames = page.getByTestId('toast').filter({ hasText: 'geçersiz adlar nedeniyle atlandı' });
    await page.clock.runFor(4_500);
    await expect(skippedNames).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(skippedNames).toHaveCount(0);
    await page.clock.resume();

    // A name only the server knows (uploaded earlier, by someone else): the server's check catches it before sending.
    const api = await apiAs(demo('superadmin'));
    await seedPhotos(api, turbine.id, 1, 'drone', 'earlier');
    await api.dispose();
    const checked = page.waitForRequest(`**/api/turbines/${turbine.id}/photos/check-names`);
    await panel.locator('input[type=file]').setInputFiles([await jpeg(page, 'EARLIER_0001.jpg')]);
    await checked;
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Aynı isimde fotoğraflar zaten mevcut: EARLIER_0001.jpg' }),
    ).toBeVisible();
    await expect(panel.getByTestId('chosen-file')).toHaveCount(1);
    expect(uploads).toBe(0);
  });

  test('shows the server’s refusal on the file and in a toast; the other files go on', async ({ page }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    const panel = bladePanel(page, 'C');
    // A name that says JPEG over bytes that are not one: only the server's sniffing can tell.
    await panel.locator('input[type=file]').setInputFiles([
      {
        name: 'not_a_photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      },
      await jpeg(page, 'real_01.jpg'),
    ]);
    await panel.getByTestId('upload-button').click();
    const refused = uploadItem(page, 'not_a_photo.jpg');
    await expect(refused).toHaveAttribute('data-status', 'failed');
    await expect(refused.getByTestId('upload-item-error')).not.toBeEmpty();
    await expect(page.getByTestId('toast').filter({ hasText: 'Yükleme Hatası — not_a_photo.jpg' })).toBeVisible();
    await expect(uploadItem(page, 'real_01.jpg')).toHaveAttribute('data-status', 'done');
  });

  test('shows each refusal the server still makes: a decompression bomb (422), a name taken meanwhile (409)', async ({
    page,
  }) => {
    const api = await apiAs(demo('superadmin'));
    await seedPhotos(api, turbine.id, 1, 'blade', 'taken');
    await api.dispose();
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    // The name was free when the files were chosen and taken by the time they are sent (the pre-check is passed by).
    await page.route(`**/api/turbines/${turbine.id}/photos/check-names`, (route) =>
      route.fulfill({ json: { success: true, data: { skipped: [] } } }),
    );
    const panel = bladePanel(page, 'B');
    await panel
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'bomb_01.png', mimeType: 'image/png', buffer: pngHeader(20_000, 20_000) },
        await jpeg(page, 'taken_0001.jpg'),
      ]);
    await panel.getByTestId('upload-button').click();
    const bomb = uploadItem(page, 'bomb_01.png');
    await expect(bomb).toHaveAttribute('data-status', 'failed');
    await expect(bomb).toHaveAttribute('data-error-code', 'IMAGE_TOO_LARGE');
    const taken = uploadItem(page, 'taken_0001.jpg');
    await expect(taken).toHaveAttribute('data-status', 'failed');
    await expect(taken).toHaveAttribute('data-error-code', 'DUPLICATE_FILE_NAME');
    await expect(taken.getByTestId('upload-item-error')).toContainText('Aynı isimde fotoğraflar zaten mevcut');
    // A name may be freed again, the pixels of a bomb never: only the first can be retried.
    await expect(taken.getByRole('button', { name: 'Yeniden dene: taken_0001.jpg' })).toBeVisible();
    await expect(bomb.getByRole('button', { name: /^Yeniden dene/ })).toHaveCount(0);
    // Nothing of the batch made it: one message for the batch (spec §8), beside each file's own.
    await expect(page.getByTestId('toast').filter({ hasText: 'Yükleme Başarısız: 2 dosya yüklenemedi' })).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: 'Yükleme Hatası — bomb_01.png' })).toBeVisible();
  });

  test('sends a file the server wants in parts part by part, a failed part again by itself, then every ETag', async ({
    page,
  }) => {
    // The server asks for parts above 5 GB only: here its answers are stood in for, to see what the panel sends;
    // confirm answers with a photo that is really there.
    const api = await apiAs(demo('superadmin'));
    await seedPhotos(api, turbine.id, 1, 'blade', 'stand_in');
    const [standIn] = (
      (await (await api.get('/turbines/{id}/photos', { path: { id: turbine.id }, query: { view: 'all' } })).json()) as {
        data: unknown[];
      }
    ).data;
    await api.dispose();
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    const big = await jpeg(page, 'parts_01.jpg', { width: 2600, height: 1900, noise: true });
    const partSize = Math.ceil(big.buffer.length / 3);
    const partAddress = (partNumber: number) => ({
      partNumber,
      presignedUrl: `/test-parts/${partNumber}`,
      size: Math.min(partSize, big.buffer.length - (partNumber - 1) * partSize),
    });
    const grant = {
      key: `turbines/${turbine.id}/blade-A/room-1/parts.jpg`,
      originalName: 'parts_01.jpg',
      size: big.buffer.length,
      presignedUrl: null,
      headers: {},
      upload_id: 'upload-1',
      part_size: partSize,
      part_count: 3,
      parts: [partAddress(1), partAddress(2)],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
    await page.route(`**/api/turbines/${turbine.id}/presigned-upload`, (route) =>
      route.fulfill({ status: 201, json: { success: true, data: [grant], skipped: [] } }),
    );
    const batches: number[] = [];
    await page.route(`**/api/turbines/${turbine.id}/upload-parts`, (route) => {
      batches.push((route.request().postDataJSON() as { from: number }).from);
      return route.fulfill({ json: { success: true, data: { ...grant, parts: [partAddress(3)] } } });
    });
    const received: { partNumber: number; bytes: number }[] = [];
    let failOnce = true;
    await page.route('**/test-parts/*', (route) => {
      const partNumber = Number(new URL(route.request().url()).pathname.split('/').pop());
      if (partNumber === 2 && failOnce) {
        failOnce = false;
        return route.fulfill({ status: 503, body: '' });
      }
      received.push({ partNumber, bytes: route.request().postDataBuffer()?.length ?? 0 });
      return route.fulfill({ status: 200, headers: { ETag: `"etag-${partNumber}"` }, body: '' });
    });
    let confirmed: { parts?: { partNumber: number; etag: string }[]; size: number }[] = [];
    await page.route(`**/api/turbines/${turbine.id}/confirm-upload`, (route) => {
      confirmed = (route.request().postDataJSON() as { uploads: typeof confirmed }).uploads;
      return route.fulfill({ status: 201, json: { success: true, data: [standIn], skipped: [] } });
    });

    const panel = bladePanel(page, 'A');
    await panel.locator('input[type=file]').setInputFiles([big]);
    await panel.getByTestId('upload-button').click();
    await expect(uploadItem(page, 'parts_01.jpg')).toHaveAttribute('data-status', 'done');
    expect(received).toEqual([1, 2, 3].map((partNumber) => ({ partNumber, bytes: partAddress(partNumber).size })));
    expect(batches).toEqual([3]);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.size).toBe(big.buffer.length);
    expect(confirmed[0]!.parts).toEqual([1, 2, 3].map((partNumber) => ({ partNumber, etag: `"etag-${partNumber}"` })));
  });

  test('cancels a file on its way and sends it again on retry, without choosing it again', async ({ page }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    let hold = true;
    await page.route(`**/api/turbines/${turbine.id}/photos`, async (route) => {
      if (route.request().method() === 'POST' && hold) return; // never answered: the upload hangs until cancelled
      await route.continue();
    });
    const panel = bladePanel(page, 'A');
    await panel.locator('input[type=file]').setInputFiles([await jpeg(page, 'slow_01.jpg')]);
    await panel.getByTestId('upload-button').click();
    const item = uploadItem(page, 'slow_01.jpg');
    await expect(item).toHaveAttribute('data-status', 'sending');
    await item.getByRole('button', { name: 'Yüklemeyi iptal et: slow_01.jpg' }).click();
    await expect(item).toHaveAttribute('data-status', 'cancelled');
    hold = false;
    await item.getByRole('button', { name: 'Yeniden dene: slow_01.jpg' }).click();
    await expect(item).toHaveAttribute('data-status', 'done');
    await expect(panel.getByTestId('media-thumb')).toHaveCount(1);
  });

  test('keeps uploading while the user visits other pages, and asks before leaving the panel', async ({ page }) => {
    await signInAs(page, 'superadmin', { path: workspace(turbine.id) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/turbines/${turbine.id}/photos`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const panel = page.getByTestId('category-panel-drone');
    await panel.locator('input[type=file]').setInputFiles([await jpeg(page, 'drone_01.jpg')]);
    await panel.getByTestId('upload-button').click();
    await expect(uploadItem(page, 'drone_01.jpg')).toHaveAttribute('data-status', 'sending');

    // Leaving the panel (closing the tab) asks first while a file is on its way.
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();

    await page.getByRole('link', { name: 'Kullanıcı Ayarları' }).click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    release();
    await page.goBack();
    await expect(uploadItem(page, 'drone_01.jpg')).toHaveAttribute('data-status', 'done');
    const api = await apiAs(demo('superadmin'));
    const list = (await (
      await api.get('/turbines/{id}/photos', { path: { id: turbine.id }, query: { category: 'drone' } })
    ).json()) as {
      data: { originalName: string }[];
    };
    expect(list.data.map((item) => item.originalName)).toEqual(['drone_01.jpg']);
    await api.dispose();
  });

  test('logging out with files on their way asks first; staying keeps them going, leaving stops them', async ({
    page,
  }) => {
    await signInAs(page, 'operator', { path: workspace(turbine.id) });
    await page.route(`**/api/turbines/${turbine.id}/photos`, async (route) => {
      if (route.request().method() === 'POST') return; // never answered: the file stays on its way
      await route.continue();
    });
    const panel = page.getByTestId('category-panel-robot');
    await panel.locator('input[type=file]').setInputFiles([await jpeg(page, 'robot_01.jpg')]);
    await panel.getByTestId('upload-button').click();
    const item = uploadItem(page, 'robot_01.jpg');
    await expect(item).toHaveAttribute('data-status', 'sending');

    const logout = page.getByRole('button', { name: 'Çıkış Yap' });
    await logout.click();
    const dialog = page.getByTestId('logout-uploads-dialog');
    await expect(dialog).toContainText('1 dosya hâlâ yükleniyor');
    await dialog.getByRole('button', { name: 'İptal' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item).toHaveAttribute('data-status', 'sending');
    await expect(page).toHaveURL(new RegExp(`${workspace(turbine.id)}$`));

    await logout.click();
    await dialog.getByRole('button', { name: 'Yüklemeleri durdur ve çıkış yap' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    expect((await typedApi(page.request).get('/auth/validate-session')).status()).toBe(401);
  });
});
