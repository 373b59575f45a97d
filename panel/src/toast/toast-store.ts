import { LIMITS } from '@kanat360/contracts';
import { atom, useSetAtom } from 'jotai';
import { useMemo } from 'react';

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** Milliseconds until it closes by itself; null keeps it until closed (spec §4: auto-close on by default). */
  durationMs: number | null;
}

export interface ToastOptions {
  durationMs?: number | null;
}

/** More than this many at once is noise: the oldest make way. */
export const MAX_VISIBLE_TOASTS = 4;

/** The list after adding `toast`, newest last, capped at MAX_VISIBLE_TOASTS. */
export function withToast(list: readonly Toast[], toast: Toast): Toast[] {
  return [...list, toast].slice(-MAX_VISIBLE_TOASTS);
}

export function withoutToast(list: readonly Toast[], id: number): Toast[] {
  return list.filter((toast) => toast.id !== id);
}

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

export const showToastAtom = atom(null, (_get, set, input: { type: ToastType; message: string } & ToastOptions) => {
  const toast: Toast = {
    id: nextId++,
    type: input.type,
    message: input.message,
    durationMs: input.durationMs === undefined ? LIMITS.toastMs : input.durationMs,
  };
  set(toastsAtom, (list) => withToast(list, toast));
  return toast.id;
});

export const dismissToastAtom = atom(null, (_get, set, id: number) => {
  set(toastsAtom, (list) => withoutToast(list, id));
});

export type ShowToast = (message: string, options?: ToastOptions) => number;

/** The panel's one way to tell the user something happened (STYLE 20). */
export function useToast(): Record<ToastType, ShowToast> {
  const show = useSetAtom(showToastAtom);
  return useMemo(
    () => ({
      success: (message, options) => show({ type: 'success', message, ...options }),
      error: (message, options) => show({ type: 'error', message, ...options }),
      warning: (message, options) => show({ type: 'warning', message, ...options }),
      info: (message, options) => show({ type: 'info', message, ...options }),
    }),
    [show],
  );
}
