import sharp from 'sharp';
import { areaSizeMm, type DesignLayer, type ParentProductDetail } from '@app/shared';
import {
  CONTENT_TYPES,
  platformObjectKey,
  type ObjectStorage,
} from '../integrations/object-storage.ts';

/** Pixels of a demo artwork's square: 150 dpi over the widest demo print area (400 mm is 2,362). */
const ART_PX = 1200;

/** Transparent artworks drawn for the demo designs; each is a platform picture any design may use. */
const ARTWORKS = {
  sunrise:
    '<circle cx="500" cy="430" r="230" fill="#f6a21e"/>' +
    '<path d="M60 820 L330 470 L480 650 L640 420 L940 820 Z" fill="#2f6f6a"/>' +
    '<path d="M240 820 L520 560 L800 820 Z" fill="#1e4d4a"/>',
  skyline:
    '<rect x="90" y="420" width="130" height="400" fill="#34495e"/>' +
    '<rect x="240" y="260" width="150" height="560" fill="#2c3e50"/>' +
    '<rect x="410" y="340" width="120" height="480" fill="#3d566e"/>' +
    '<rect x="550" y="180" width="160" height="640" fill="#22313f"/>' +
    '<rect x="730" y="380" width="180" height="440" fill="#34495e"/>' +
    '<circle cx="800" cy="190" r="70" fill="#f1c40f"/>',
  lines:
    '<circle cx="500" cy="500" r="330" fill="none" stroke="#222" stroke-width="26"/>' +
    '<path d="M250 600 Q500 250 750 600" fill="none" stroke="#222" stroke-width="26" stroke-linecap="round"/>' +
    '<circle cx="500" cy="420" r="42" fill="#e74c3c"/>',
  clouds:
    '<circle cx="500" cy="500" r="380" fill="#c0392b"/>' +
    '<path d="M230 560 q60 -120 150 -40 q70 -130 170 -20 q100 -90 170 40 q-60 90 -160 40 q-80 90 -170 10 q-90 70 -160 -30 z" fill="#f5d76e"/>' +
    '<circle cx="500" cy="330" r="60" fill="#f5d76e"/>',
  retro:
    '<clipPath id="c"><circle cx="500" cy="500" r="380"/></clipPath>' +
    '<g clip-path="url(#c)"><rect x="100" y="100" width="800" height="800" fill="#fbd46d"/>' +
    '<rect x="100" y="520" width="800" height="60" fill="#f07b3f"/>' +
    '<rect x="100" y="620" width="800" height="60" fill="#ea5455"/>' +
    '<rect x="100" y="720" width="800" height="60" fill="#7a3e8f"/>' +
    '<rect x="100" y="820" width="800" height="80" fill="#2d4059"/></g>',
} as const;
export type DemoArtwork = keyof typeof ARTWORKS;

/** Stores each artwork once (their keys are fixed, so a restart finds them) and answers the URLs. */
export async function storeDemoArtworks(
  storage: ObjectStorage,
): Promise<Record<DemoArtwork, string>> {
  const urls = {} as Record<DemoArtwork, string>;
  for (const [name, body] of Object.entries(ARTWORKS) as Array<[DemoArtwork, string]>) {
    const key = platformObjectKey('demo', `artwork-${name}`, 'png');
    const stored = await storage.get(key);
    stored?.body.destroy();
    if (!stored) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_PX}" height="${ART_PX}" viewBox="0 0 1000 1000">${body}</svg>`;
      await storage.put(key, await sharp(Buffer.from(svg)).png().toBuffer(), CONTENT_TYPES.png);
    }
    urls[name] = storage.url(key);
  }
  return urls;
}

export interface DemoDesignLook {
  art: DemoArtwork;
  text: string;
  fill: string;
  /** Bends the text along an arc, as the editor's curve slider does. */
  curve?: number;
}

/**
 * A design on the parent's first print area: the artwork centred in its upper part and the text
 * under it, both sized to the area (a cap's panel is wide and low, a tee's front tall).
 */
export function demoDesignLayers(
  parent: ParentProductDetail,
  look: DemoDesignLook,
  artUrl: string,
): { side: string; layers: DesignLayer[] } | null {
  const area = parent.images.flatMap((i) => i.printAreas)[0];
  if (!area) return null;
  const { width, height } = areaSizeMm(area);
  // A fifth of the height at most: on a wide, low area (a cap's panel, a mug's wrap) an eighth
  // made the text a small line under a large artwork.
  const fontSize = Math.min(width * 0.11, height * 0.2);
  const textHeight = fontSize * 1.4;
  const art = Math.min(width * 0.8, height - textHeight - height * 0.08);
  const top = (height - art - textHeight) / 2;
  return {
    side: area.name,
    layers: [
      {
        id: 'art',
        kind: 'image',
        side: area.name,
        x: (width - art) / 2,
        y: top,
        width: art,
        height: art,
        rotation: 0,
        opacity: 1,
        locked: false,
        url: artUrl,
        naturalWidth: ART_PX,
        naturalHeight: ART_PX,
      },
      {
        id: 'text',
        kind: 'text',
        side: area.name,
        x: width * 0.05,
        y: top + art,
        width: width * 0.9,
        height: textHeight,
        rotation: 0,
        opacity: 1,
        locked: false,
        text: look.text,
        fontFamily: 'DejaVu Sans',
        fontSize,
        fill: look.fill,
        fontWeight: 'bold',
        align: 'center',
        curve: look.curve ?? 0,
      },
    ],
  };
}
