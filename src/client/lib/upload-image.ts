/** What the upload routes answer (src/server/images/upload.ts, documents.ts). */
export type UploadResult = { ok: true; id: string; url: string } | { ok: false; message: string };

/** The back-office's product images; a visitor's request photos go to /api/demande/photos. */
const ADMIN_IMAGES = '/api/admin/images';

/** Sends one file's bytes to an upload route; the server decides what the bytes are. */
async function uploadFile(file: File, path: string, failure: string): Promise<UploadResult> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
      body: file,
    });
    const body = (await res.json().catch(() => null)) as {
      id?: string;
      url?: string;
      message?: string;
    } | null;
    if (res.ok && body?.id && body.url) return { ok: true, id: body.id, url: body.url };
    return { ok: false, message: body?.message ?? failure };
  } catch {
    return { ok: false, message: failure };
  }
}

/** One image to the image pipeline (the back-office's product images by default). */
export const uploadImage = (file: File, path = ADMIN_IMAGES) =>
  uploadFile(file, path, "L'image n'a pas pu être envoyée.");

/** One PDF to the document route (src/server/images/documents.ts): the server checks the bytes. */
export const uploadDocument = (file: File) =>
  uploadFile(file, '/api/admin/documents', "Le fichier n'a pas pu être envoyé.");

/** Runs tasks with at most `limit` in flight, results in input order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
