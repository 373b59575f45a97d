import { type Page, expect } from '@playwright/test';
import { type QueryOf } from '@kanat360/api-client';
import { type MediaItem } from '@kanat360/contracts';
import { type TypedApi } from './api.js';

// Media of the viewers' browser tests: made in the browser, uploaded through the API, read back pixel by pixel.

/** Every media item of a turbine (one page of up to 1,000), newest first; `query` adds filters (`{ year: 2025 }`). */
export async function listAll(
  api: TypedApi,
  turbineId: number,
  query: QueryOf<'/turbines/{id}/photos', 'get'> = {},
): Promise<MediaItem[]> {
  const response = await api.get('/turbines/{id}/photos', {
    path: { id: turbineId },
    query: { view: 'all', limit: 1000, ...query },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** A JPEG of one grey made in the browser, `width` × `height`. */
export async function greyJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w!, h!);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#888888';
      context.fillRect(0, 0, w!, h!);
      const bytes = new Uint8Array(
        await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })).arrayBuffer(),
      );
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

export async function upload(
  api: TypedApi,
  turbineId: number,
  files: { name: string; bytes: Buffer }[],
  fields: Record<string, string>,
): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append('photos', new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name);
  const response = await api.post('/turbines/{id}/photos', { path: { id: turbineId }, body: form });
  expect(response.status(), await response.text()).toBe(201);
}

export async function untilReady(api: TypedApi, turbineId: number, count: number): Promise<MediaItem[]> {
  await expect
    .poll(async () => (await listAll(api, turbineId)).filter((item) => item.status === 'ready').length, {
      timeout: 60_000,
    })
    .toBe(count);
  return listAll(api, turbineId);
}

/** The colour of one pixel of a JPEG the browser decodes (EXIF orientation applied, as viewers show it). */
export function pixelAt(page: Page, url: string, x: number, y: number): Promise<[number, number, number]> {
  return page.evaluate(
    async ([address, px, py]) => {
      const bitmap = await createImageBitmap(await (await fetch(address)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const [r, g, b] = context.getImageData(px, py, 1, 1).data;
      return [r!, g!, b!] as [number, number, number];
    },
    [url, x, y] as const,
  );
}
