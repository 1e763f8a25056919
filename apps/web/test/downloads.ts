/**
 * Downloads in jsdom, which has no object URLs and no downloads: the files a page hands to the
 * browser are caught, and read back as text.
 */
import { jest } from '@jest/globals';

/** A file handed to the browser through a link's click. */
export interface Download {
  name: string;
  href: string;
  hidden: HTMLElement['hidden'];
  /** Whether the link was in the document when clicked (a detached link downloads nothing). */
  connected: boolean;
  blob: Blob;
}

/**
 * Catches the downloads from now on (call it in beforeEach; `jest.restoreAllMocks()` puts the
 * links' click back), and the object URLs revoked.
 */
export function catchDownloads(): { downloads: Download[]; revoked: string[] } {
  const caught = { downloads: [] as Download[], revoked: [] as string[] };
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:http://localhost/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    caught.revoked.push(url);
  };
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    caught.downloads.push({
      name: this.download,
      href: this.href,
      hidden: this.hidden,
      connected: this.isConnected,
      blob: blobs.get(this.href)!,
    });
  });
  return caught;
}

/** A file's text, byte-order mark included (jsdom's Blob has no text()). */
export function fileText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        new TextDecoder('utf-8', { ignoreBOM: true }).decode(
          new Uint8Array(reader.result as ArrayBuffer),
        ),
      );
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Makes `iso` now; only the date is fake unless `timers`, which fakes setTimeout too. */
export function fakeToday(iso: string, { timers = false } = {}): void {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      ...(timers ? [] : (['setTimeout', 'clearTimeout'] as const)),
    ],
  });
}
