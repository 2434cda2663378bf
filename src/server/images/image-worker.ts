import sharp from 'sharp';
import { isDomainError } from '../../domain/errors.js';
import { makeVariants } from './process.js';

/*
 * The image worker: a child process started by images.ts at a lower CPU priority, so that decoding
 * and encoding photos only ever takes the CPU time the request-serving process leaves free.
 * One image at a time, one libvips thread.
 */
sharp.concurrency(1);
sharp.cache(false);

interface Job {
  id: number;
  input: Uint8Array;
}

process.on('message', async (job: Job) => {
  try {
    const variants = await makeVariants(
      Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength),
    );
    process.send?.({ id: job.id, ok: true, variants });
  } catch (error) {
    process.send?.(
      isDomainError(error)
        ? { id: job.id, ok: false, kind: error.kind, code: error.code, message: error.message }
        : { id: job.id, ok: false, kind: 'invalid', code: 'IMAGE_FAILED', message: String(error) },
    );
  }
});
// The parent went away: nothing left to do.
process.on('disconnect', () => process.exit(0));
