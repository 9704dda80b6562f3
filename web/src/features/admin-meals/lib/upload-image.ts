// Meal images go to an image host with an ImgBB-compatible API: a multipart POST with the
// file in the field `image`, answering `{ data: { url } }`. XMLHttpRequest rather than fetch
// because only it reports upload progress.
import { env } from '@/lib/env';

/** The upload endpoint, key included, or null when the site has none (the demo). */
export const configuredUploadUrl: string | null = env.imageUploadUrl;

export const maxImageBytes = 5 * 1024 * 1024;

/** Why a chosen file cannot be uploaded, or null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Choose an image file (JPEG, PNG, GIF or WebP).';
  if (file.size > maxImageBytes) return 'The image is larger than 5 MB. Choose a smaller one.';
  return null;
}

export class ImageUploadError extends Error {
  override name = 'ImageUploadError';
}

type UploadOptions = { endpoint: string; onProgress?: (percent: number) => void; signal?: AbortSignal };

/** Uploads the file and resolves with the hosted image's URL. */
export function uploadImage(file: File, { endpoint, onProgress, signal }: UploadOptions): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) return Promise.reject(new ImageUploadError(problem));

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: { data?: { url?: unknown }; error?: { message?: unknown } } | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      const url = body?.data?.url;
      if (request.status >= 200 && request.status < 300 && typeof url === 'string' && url) {
        resolve(url);
        return;
      }
      const hostMessage = typeof body?.error?.message === 'string' ? body.error.message : null;
      reject(new ImageUploadError(hostMessage ?? `The image host refused the upload (${request.status}).`));
    });
    request.addEventListener('error', () => reject(new ImageUploadError('The image host cannot be reached.')));
    request.addEventListener('abort', () => reject(new ImageUploadError('The upload was cancelled.')));
    signal?.addEventListener('abort', () => request.abort());

    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
