import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { DomainError, type DomainErrorKind } from '../../domain/errors.js';
import { toId } from '../../domain/security/ids.js';
import type { Sql, Tx } from '../db/client.js';
import { logger } from '../logger.js';
import { checkUpload, IMAGE_MESSAGES, type Variant } from './process.js';

/** Uploads waiting for their turn before new ones are turned away (503, try again). */
export const MAX_QUEUED_IMAGES = 32;
/**
 * The worker's niceness (IMAGE_WORKER_NICENESS, 19 unless set): it gets the CPU the request-serving
 * process does not use. Set at start (app.ts) from the configuration; the next worker started uses it.
 */
let workerNiceness = 19;
export function setImageWorkerNiceness(niceness: number) {
  workerNiceness = niceness;
}

/*
 * The image worker (image-worker.ts), a child process started on the first upload: sharp's work
 * never competes on equal terms with requests, even on a two-core machine. Bundled builds have
 * image-worker.js beside this code; from sources it runs through tsx.
 */
let worker: ChildProcess | null = null;
let nextJob = 1;
/** Jobs sent and not answered yet, each with the worker it was sent to. */
const pending = new Map<
  number,
  { child: ChildProcess; resolve: (v: Variant[]) => void; reject: (e: Error) => void }
>();

type WorkerReply =
  | { id: number; ok: true; variants: Variant[] }
  | { id: number; ok: false; kind: DomainErrorKind; code: string; message: string };

function startWorker(): ChildProcess {
  const built = fileURLToPath(new URL('./image-worker.js', import.meta.url));
  const source = fileURLToPath(new URL('./image-worker.ts', import.meta.url));
  const child = existsSync(built)
    ? fork(built, [], { serialization: 'advanced' })
    : fork(source, [], { serialization: 'advanced', execArgv: ['--import', 'tsx'] });
  try {
    if (child.pid) os.setPriority(child.pid, workerNiceness);
  } catch (error) {
    logger.warn('Could not lower the image worker priority', error);
  }
  child.on('message', (reply: WorkerReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (reply.ok) {
      job.resolve(reply.variants.map((v) => ({ ...v, data: Buffer.from(v.data) })));
    } else {
      job.reject(new DomainError(reply.kind, reply.code, reply.message));
    }
    if (![...pending.values()].some((job) => job.child === child)) child.unref();
  });
  child.on('exit', (code) => {
    if (worker === child) worker = null;
    // Only its own jobs fail: a worker stopped (stopImageWorker) may exit after the next one started.
    for (const [id, job] of pending) {
      if (job.child !== child) continue;
      pending.delete(id);
      job.reject(new DomainError('invalid', 'IMAGE_FAILED', IMAGE_MESSAGES.failed));
    }
    if (code) logger.warn(`Image worker exited with code ${code}`);
  });
  // Idle, the worker never keeps the server (or a test run) alive.
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  return child;
}

function inWorker(input: Buffer): Promise<Variant[]> {
  worker ??= startWorker();
  const child = worker;
  const id = nextJob++;
  return new Promise((resolve, reject) => {
    pending.set(id, { child, resolve, reject });
    child.ref();
    child.send({ id, input });
  });
}

/** Stops the image worker (app shutdown); a later upload starts a new one. */
export function stopImageWorker() {
  worker?.kill();
  worker = null;
}

/** Checks an upload and turns it into the WebP widths, in the worker, one image at a time. */
export async function processImage(input: Buffer): Promise<Variant[]> {
  checkUpload(input);
  return await serialised(() => inWorker(input));
}

/*
 * Bounded work in flight: images are processed one at a time (in the worker, never on the event
 * loop), the next ones wait in line, and a line longer than MAX_QUEUED_IMAGES is refused.
 */
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;
function serialised<T>(task: () => Promise<T>): Promise<T> {
  if (waiting >= MAX_QUEUED_IMAGES) {
    return Promise.reject(new DomainError('rate_limited', 'IMAGE_QUEUE_FULL', IMAGE_MESSAGES.busy));
  }
  waiting += 1;
  const run = queue.then(task, task).finally(() => {
    waiting -= 1;
  });
  queue = run.catch(() => undefined);
  return run;
}

export const imageUrl = (id: string) => `/images/${id}`;
const imageIdOf = (url: string) => (url.startsWith('/images/') ? toId(url.slice('/images/'.length)) : null);

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** Processes an upload and stores its variants in one transaction. */
export async function storeImage(
  sql: Sql,
  input: Buffer,
  originalName: string | null = null,
): Promise<StoredImage> {
  const variants = await processImage(input);
  const largest = variants[variants.length - 1]!;
  const id = await sql.begin(async (tx) => {
    const [image] = await tx<{ id: string }[]>`
      insert into images (original_name, width, height)
      values (${originalName?.slice(0, 255) ?? null}, ${largest.actualWidth}, ${largest.actualHeight})
      returning id`;
    for (const v of variants) {
      await tx`
        insert into image_variants (image_id, width, bytes, data)
        values (${image!.id}, ${v.width}, ${v.data.byteLength}, ${v.data})`;
    }
    return image!.id;
  });
  return { id, url: imageUrl(id), width: largest.actualWidth, height: largest.actualHeight };
}

export async function readImageVariant(
  sql: Tx,
  id: string,
  width: number,
): Promise<{ data: Buffer; contentType: string } | null> {
  const [row] = await sql<{ data: Buffer; contentType: string }[]>`
    select data, content_type from image_variants where image_id = ${id} and width = ${width}`;
  return row ?? null;
}

/** URLs among these that are stored images. */
export async function existingImageUrls(sql: Tx, urls: readonly string[]): Promise<Set<string>> {
  const ids = urls.map(imageIdOf).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Set();
  const rows = await sql<{ id: string }[]>`select id from images where id = any(${ids}::uuid[])`;
  return new Set(rows.map((r) => imageUrl(r.id)));
}

/** Deletes these images (variants included) unless a product or an order line uses them. */
export async function deleteUnusedImages(sql: Tx, urls: readonly string[]): Promise<number> {
  const ids = [...new Set(urls.map(imageIdOf).filter((id): id is string => id !== null))];
  let deleted = 0;
  for (const id of ids) {
    const url = imageUrl(id);
    // Still shown somewhere (a product, or an order line: order history keeps its pictures)?
    const rows = await sql`
      delete from images
       where id = ${id}
         and not exists (select 1 from products
                          where main_image = ${url} or label_image = ${url} or additional_images @> array[${url}]::text[])
         and not exists (select 1 from order_items where image = ${url})
         and not exists (select 1 from site_plans where image_id = ${id})
       returning id`;
    deleted += rows.length;
  }
  return deleted;
}

/**
 * Uploads nobody saved (a dialog cancelled, a tab closed, a request form left) are removed once
 * they are older than the grace period and used by no product, no order line, no intervention and no site plan.
 */
export async function sweepUnusedImages(sql: Tx, olderThanHours = 24): Promise<number> {
  const rows = await sql`
    delete from images i
     where i.created_at < now() - make_interval(hours => ${olderThanHours})
       and not exists (select 1 from products p
                        where p.main_image = '/images/' || i.id
                           or p.label_image = '/images/' || i.id
                           or p.additional_images @> array['/images/' || i.id])
       and not exists (select 1 from order_items o where o.image = '/images/' || i.id)
       and not exists (select 1 from interventions v
                        where v.photos @> jsonb_build_array(jsonb_build_object('id', i.id::text)))
       -- A site's plan, every version (ADR 042).
       and not exists (select 1 from site_plans sp where sp.image_id = i.id::text)
     returning id`;
  return rows.length;
}

/** Runs the sweep now and every `everyMs` in this instance (deletes are idempotent across instances). */
export function startImageSweeper(sql: Sql, everyMs = 60 * 60_000): { stop(): void } {
  const run = () => sweepUnusedImages(sql).catch(() => undefined);
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
