import { vi } from 'vitest';

export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Stands in for the browser's saving of downloads (jsdom has no object URLs and cannot follow a link):
 * returns the files `downloadFile` saves, each with its name and contents, in order.
 */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:download-${++next}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) saved.push({ name: this.download, blob });
  });
  return saved;
}

/**
 * A saved file's text. Which Blob a response hands over depends on the Node.js version under jsdom (on
 * Node 24 it can be jsdom's, without `text()`), so it is read with FileReader when it has to be.
 */
export function textOf(file: SavedFile): Promise<string> {
  if (typeof file.blob.text === 'function') return file.blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file.blob);
  });
}
