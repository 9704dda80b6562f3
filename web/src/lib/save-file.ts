// Saves text the site made or fetched (a production sheet, a calendar) as a download.

/** Offers `content` as a file named `fileName`. */
export function saveFile(fileName: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the URL can go after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The file name a download's Content-Disposition gives (`attachment; filename="x.csv"`, or
 * `filename*=UTF-8''x.csv`), without any folder; `fallback` when it gives none.
 */
export function downloadName(contentDisposition: string | null | undefined, fallback: string): string {
  const header = contentDisposition ?? '';
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  let name = plain?.[1] ?? plain?.[2] ?? '';
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: keep the plain name, if any.
    }
  }
  name = name.split(/[\\/]/).pop()!.trim();
  return name && name !== '.' && name !== '..' ? name : fallback;
}
