// Files the site offers for download (lib/save-file.ts: an object URL clicked on an anchor),
// caught in the test instead of saved.
import { vi } from 'vitest';

/** jsdom's Blob has no text(): read it as a browser would, with a FileReader. */
export const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** Catches what the site offers to save: the file names and their contents, in order. */
export function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:download';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: lastBlob! });
  });
  return files;
}
