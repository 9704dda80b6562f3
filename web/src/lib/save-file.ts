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
