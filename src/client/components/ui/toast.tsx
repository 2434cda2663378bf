import { lazy, Suspense, useSyncExternalStore } from 'react';
import { errorMessage } from '@/client/lib/errors';

/**
 * Notices of the spec ('Erreur' / '...', 'Succès' / '...'): bottom-right, shown 5 seconds.
 * A tiny module store so any component (or plain function) can call toast().
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput) {
  items = [...items.slice(-2), { ...input, id: nextId++, open: true }];
  emit();
}

/** The spec's failure notice ('Erreur' / the server's French message) for a failed call. */
export const toastError = (error: unknown) =>
  toast({ title: 'Erreur', description: errorMessage(error), variant: 'destructive' });

function dismiss(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, 300);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => items;
const serverSnapshot: ToastItem[] = [];

// Radix toast weighs ~10 KB gzip: it is fetched with the first toast, not with every page.
const ToastViewport = lazy(() => import('./toast-viewport'));
let used = false;

export function Toaster() {
  const list = useSyncExternalStore(subscribe, snapshot, () => serverSnapshot);
  if (list.length > 0) used = true;
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport list={list} dismiss={dismiss} />
    </Suspense>
  );
}
