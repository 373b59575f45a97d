import { useEffect, useState } from 'react';

/** Decoding a 40 MP photo for a preview takes a core for a moment: at most this many at once. */
const DECODES_AT_ONCE = 2;
const PREVIEW_WIDTH = 160;

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** A small JPEG of an image file, made in the browser (the full file is never put into an <img>). */
async function makePreview(file: File): Promise<string | null> {
  const bitmap = await createImageBitmap(file, { resizeWidth: PREVIEW_WIDTH, resizeQuality: 'low' });
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
    return blob ? URL.createObjectURL(blob) : null;
  } finally {
    bitmap.close();
  }
}

/**
 * A preview address for a chosen image once `enabled` (the tile is in view), or null (not an image, not yet made,
 * or the browser could not decode it). The address is released when the tile goes.
 */
export function useFilePreview(file: File, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !file.type.startsWith('image/')) return;
    let cancelled = false;
    let made: string | null = null;
    limited(() => (cancelled ? Promise.resolve(null) : makePreview(file)))
      .then((preview) => {
        made = preview;
        if (cancelled && preview) URL.revokeObjectURL(preview);
        else setUrl(preview);
      })
      .catch(() => setUrl(null));
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file, enabled]);
  return url;
}

/** Whether an element has come into view (once in view, it stays true). */
export function useSeen(element: Element | null): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!element || seen) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}
