/**
 * The phone's outbox of visit actions (ADR 037): every action the technician records is first
 * written to localStorage with its clientEventId, then sent in order. A network failure keeps it
 * (and everything after it) for the next try: when the browser says it is back online, when the
 * screen opens, and every 20 seconds while something waits. The server records a clientEventId
 * once, so a send whose answer was lost is simply sent again. A refusal (a rule: expired
 * certificate, day 36...) leaves the queue with its French message, shown to the technician.
 */
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { trpc } from '@/client/lib/trpc';
import type { VisitInput } from '@/domain/interventions/visit-input';

const KEY = 'h27.visit-queue.v1';
const RETRY_MS = 20_000;

export interface Refused {
  input: VisitInput;
  message: string;
}
interface QueueState {
  pending: VisitInput[];
  refused: Refused[];
}

const empty: QueueState = { pending: [], refused: [] };
let cache: QueueState | null = null;
const listeners = new Set<() => void>();

function read(): QueueState {
  if (cache) return cache;
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    cache = raw ? ({ ...empty, ...JSON.parse(raw) } as QueueState) : empty;
  } catch {
    cache = empty;
  }
  return cache;
}

function write(next: QueueState) {
  cache = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the queue still lives in memory for this page.
  }
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      cache = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** A fresh id for one action (drawn once, kept with the action in the queue). */
export const newClientEventId = () => crypto.randomUUID();

/** A transport failure (offline, server unreachable): keep and retry. A domain answer: do not. */
const isNetworkFailure = (error: unknown) =>
  !(error instanceof TRPCClientError) ||
  !error.data ||
  (error.data as { httpStatus?: number }).httpStatus === 503;

let flushing = false;

/** The queue as a hook: what waits, what was refused, and `record` to add an action. */
export function useVisitQueue(onSent?: (accepted: VisitInput[]) => void) {
  const state = useSyncExternalStore(subscribe, read, () => empty);
  const utils = trpc.useUtils();

  const flush = useCallback(async () => {
    if (flushing) return;
    flushing = true;
    let sent = false;
    const accepted: VisitInput[] = [];
    try {
      for (;;) {
        const [next] = read().pending;
        if (!next) break;
        try {
          await utils.client.visits.record.mutate(next);
          sent = true;
          accepted.push(next);
          write({ ...read(), pending: read().pending.filter((p) => p.clientEventId !== next.clientEventId) });
        } catch (error) {
          if (isNetworkFailure(error)) break;
          const message = error instanceof Error ? error.message : 'Action refusée.';
          const current = read();
          write({
            pending: current.pending.filter((p) => p.clientEventId !== next.clientEventId),
            refused: [...current.refused, { input: next, message }],
          });
          sent = true;
        }
      }
    } finally {
      flushing = false;
      if (sent) onSent?.(accepted);
    }
  }, [utils, onSent]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (read().pending.length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [flush]);

  const record = useCallback(
    (input: VisitInput) => {
      const current = read();
      if (current.pending.some((p) => p.clientEventId === input.clientEventId)) return;
      write({ ...current, pending: [...current.pending, input] });
      void flush();
    },
    [flush],
  );

  const dismiss = useCallback((clientEventId: string) => {
    const current = read();
    write({ ...current, refused: current.refused.filter((r) => r.input.clientEventId !== clientEventId) });
  }, []);

  return { pending: state.pending, refused: state.refused, record, dismiss, flush };
}
