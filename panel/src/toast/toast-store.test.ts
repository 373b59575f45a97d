import { LIMITS } from '@kanat360/contracts';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { dismissToastAtom, MAX_VISIBLE_TOASTS, showToastAtom, toastsAtom } from './toast-store';

describe('toast store', () => {
  it('adds a toast that closes by itself after the spec time by default', () => {
    const store = createStore();
    store.set(showToastAtom, { type: 'error', message: 'Çıkış yapılamadı' });
    expect(store.get(toastsAtom)).toEqual([
      expect.objectContaining({ type: 'error', message: 'Çıkış yapılamadı', durationMs: LIMITS.toastMs }),
    ]);
  });

  it('keeps a toast open when asked to, and removes it on dismiss', () => {
    const store = createStore();
    const id = store.set(showToastAtom, { type: 'info', message: 'x', durationMs: null });
    expect(store.get(toastsAtom)[0]?.durationMs).toBeNull();
    store.set(dismissToastAtom, id);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('shows at most a few at once, dropping the oldest', () => {
    const store = createStore();
    for (let index = 0; index < MAX_VISIBLE_TOASTS + 2; index++) {
      store.set(showToastAtom, { type: 'success', message: `m${index}` });
    }
    const messages = store.get(toastsAtom).map((toast) => toast.message);
    expect(messages).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(messages.at(-1)).toBe(`m${MAX_VISIBLE_TOASTS + 1}`);
    expect(messages[0]).toBe('m2');
  });
});
