import type { DesignLayer } from '@app/shared';
import { uploadMaterial } from '../materials/index.ts';

/** Local artwork bigger than this would not survive the trip to /login in sessionStorage. */
export const LOCAL_ARTWORK_MAX_BYTES = 2 * 1024 * 1024;

export interface Artwork {
  url: string;
  naturalWidth: number;
  naturalHeight: number;
}

export function isLocalUrl(url: string): boolean {
  return url.startsWith('data:');
}

/** The pixel size of a picture, read by loading it. */
export function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Artwork a signed-out visitor adds stays in the page (as a data URL) until the save, which
 * uploads it once they have logged in.
 */
export async function readLocalArtwork(file: Blob): Promise<Artwork> {
  const url = await readAsDataUrl(file);
  const { width, height } = await imageSize(url);
  return { url, naturalWidth: width, naturalHeight: height };
}

/** Uploads a file into the seller's materials, where the design's artwork is kept. */
export async function uploadArtwork(
  file: Blob & { name?: string },
  onProgress: (percent: number) => void = () => undefined,
): Promise<Artwork> {
  const item = await uploadMaterial(file, null, { onProgress });
  if (item.width && item.height) {
    return { url: item.url, naturalWidth: item.width, naturalHeight: item.height };
  }
  const { width, height } = await imageSize(item.url);
  return { url: item.url, naturalWidth: width, naturalHeight: height };
}

/** Decoded by hand: the app's content security policy does not let fetch() read data: URLs. */
function dataUrlToBlob(url: string): Blob {
  const [head = '', data = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = head.endsWith(';base64') ? atob(data) : decodeURIComponent(data);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** Uploads each distinct local artwork of the layers; maps its data URL to the stored URL. */
export async function uploadLocalArtwork(layers: DesignLayer[]): Promise<Map<string, string>> {
  const local = [
    ...new Set(
      layers.flatMap((layer) =>
        layer.kind === 'image' && isLocalUrl(layer.url) ? [layer.url] : [],
      ),
    ),
  ];
  const urls = new Map<string, string>();
  for (const [index, url] of local.entries()) {
    const blob = dataUrlToBlob(url);
    const extension = blob.type.split('/')[1] ?? 'png';
    const file = Object.assign(blob, { name: `design-artwork-${index + 1}.${extension}` });
    const stored = await uploadArtwork(file);
    urls.set(url, stored.url);
  }
  return urls;
}
