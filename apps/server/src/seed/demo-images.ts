import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type DemoShape = 'tee' | 'hoodie' | 'cap' | 'mug' | 'pillow' | 'poster' | 'tote' | 'case';
export type DemoView = 'front' | 'back';

export interface DemoPicture {
  shape: DemoShape;
  view: DemoView;
  /** The product's colour, `#rrggbb`. */
  colour: string;
  /** Picks the model's details (hood or crew neck, cap style, poster finish…). */
  model: number;
  /** A shiny surface, such as glossy paper. */
  sheen: boolean;
}

export const DEMO_IMAGE_SIZE = 800;

/** Where each kind stands, so its shadow meets its lowest edge. */
const FLOOR: Record<DemoShape, number> = {
  tee: 742,
  hoodie: 750,
  cap: 596,
  mug: 660,
  pillow: 740,
  poster: 790,
  tote: 742,
  case: 752,
};

const BACKGROUNDS: Record<DemoShape, string> = {
  tee: '#e3e9f1',
  hoodie: '#ebe5dc',
  cap: '#e1ebe4',
  mug: '#efe5dc',
  pillow: '#e4e6f0',
  poster: '#e9e7e1',
  tote: '#e8e3da',
  case: '#e2e8ed',
};

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** `hex` moved towards black (negative) or white (positive) by `amount` in 0..1. */
function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  return `#${channels(hex)
    .map((c) => Math.round(c + (target - c) * Math.abs(amount)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** A filled outline with the shared side lighting and a thin edge, so light colours still stand out. */
function body(d: string, fill: string, extra = ''): string {
  return (
    `<path d="${d}" fill="${fill}" ${extra}/>` +
    `<path d="${d}" fill="url(#light)"/>` +
    `<path d="${d}" fill="none" stroke="${shade(fill, -0.35)}" stroke-opacity="0.55" stroke-width="3" stroke-linejoin="round"/>`
  );
}

function line(d: string, colour: string, width = 4, opacity = 0.18): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

const ink = (colour: string) => (luminance(colour) > 0.5 ? '#000000' : '#ffffff');

function tee(p: DemoPicture): string {
  const c = p.colour;
  const front = p.view === 'front';
  const neck = front
    ? p.model === 3
      ? 'M292 96 L400 196 L508 96'
      : 'M292 96 C330 158 470 158 508 96'
    : 'M292 96 C330 124 470 124 508 96';
  const outline =
    `${neck} L610 122 L722 236 L652 318 L602 282 L604 724 Q400 738 196 724 ` +
    'L198 282 L148 318 L78 236 L190 122 Z';
  return (
    body(outline, c) +
    line(neck, shade(c, -0.5), 14, 0.22) +
    line('M92 252 L160 330 M708 252 L640 330', ink(c), 3, 0.16) +
    line('M200 700 Q400 714 600 700', ink(c), 3, 0.14) +
    line('M238 300 Q250 460 236 640 M566 300 Q552 460 566 640', ink(c), 6, 0.05)
  );
}

function hoodie(p: DemoPicture): string {
  const c = p.colour;
  const dark = shade(c, -0.45);
  const hooded = p.model !== 2;
  const outline =
    'M300 140 L205 168 Q140 200 118 260 L72 640 L74 692 L150 694 L152 642 L196 340 L196 730 ' +
    'Q400 744 604 730 L604 340 L648 642 L650 694 L726 692 L728 640 L682 260 Q660 200 595 168 L500 140 Z';
  let parts = body(outline, c);
  parts += line('M198 700 Q400 714 602 700 M74 660 L152 662 M648 662 L726 660', ink(c), 3, 0.2);
  if (!hooded) return parts + line('M300 140 C330 190 470 190 500 140', dark, 18, 0.35);
  if (p.view === 'back') {
    return parts + body('M285 150 C262 40 538 40 515 150 Q470 206 400 212 Q330 206 285 150 Z', c);
  }
  parts += body('M290 172 C246 36 554 36 510 172 C470 204 330 204 290 172 Z', c);
  parts += `<path d="M322 162 C300 80 500 80 478 162 C448 186 352 186 322 162 Z" fill="${dark}" fill-opacity="0.7"/>`;
  parts += line('M372 188 L364 300 M428 188 L436 300', shade(c, 0.6), 5, 0.9);
  if (p.model === 1) parts += line('M400 190 L400 728', ink(c), 4, 0.3);
  parts += line('M282 560 L518 560 L560 690 M282 560 L240 690', ink(c), 4, 0.16);
  return parts;
}

function cap(p: DemoPicture): string {
  const c = p.colour;
  const edge = shade(c, -0.45);
  if (p.model === 3) {
    return (
      body('M210 440 C200 150 600 150 590 440 Z', c) +
      body('M196 420 L604 420 L610 570 Q400 590 190 570 Z', shade(c, -0.08)) +
      line(
        'M260 440 L256 560 M330 436 L328 574 M400 436 L400 578 M470 436 L472 574 M540 440 L544 560',
        ink(c),
        3,
        0.12,
      ) +
      `<circle cx="400" cy="150" r="44" fill="${shade(c, -0.1)}"/>`
    );
  }
  if (p.model === 2) {
    return (
      body(
        'M120 520 Q400 440 680 520 Q700 580 620 600 Q400 640 180 600 Q100 580 120 520 Z',
        shade(c, -0.06),
      ) +
      body('M214 520 L252 252 Q400 218 548 252 L586 520 Q400 548 214 520 Z', c) +
      line('M220 478 Q400 506 580 478', ink(c), 3, 0.2)
    );
  }
  const back = p.view === 'back';
  // Seen from the front the bill sits over the crown's lower edge; from the back it peeks out behind.
  const bill = back
    ? 'M180 470 Q400 440 620 470 L610 500 Q400 478 190 500 Z'
    : p.model === 4
      ? 'M170 444 Q400 426 630 444 L642 498 Q400 518 158 498 Z'
      : 'M196 446 Q400 410 604 446 Q640 490 590 530 Q400 590 210 530 Q160 490 196 446 Z';
  let parts = back ? body(bill, shade(c, -0.1)) : '';
  parts += body('M200 470 C200 250 300 190 400 190 C500 190 600 250 600 470 Q400 452 200 470 Z', c);
  parts += line('M400 194 Q300 250 252 466 M400 194 Q500 250 548 466', edge, 3, 0.35);
  parts += `<circle cx="400" cy="192" r="14" fill="${shade(c, -0.15)}"/>`;
  if (p.model === 1) {
    parts += `<path d="M200 470 C200 330 230 260 280 226 L262 466 Z" fill="url(#mesh)"/>`;
    parts += `<path d="M600 470 C600 330 570 260 520 226 L538 466 Z" fill="url(#mesh)"/>`;
  }
  if (back) {
    parts += `<path d="M330 466 Q400 370 470 466 Z" fill="${shade(c, -0.55)}"/>`;
    parts += `<rect x="318" y="440" width="164" height="18" rx="6" fill="${shade(c, -0.25)}"/>`;
  } else {
    parts += `<circle cx="262" cy="300" r="6" fill="${edge}"/><circle cx="538" cy="300" r="6" fill="${edge}"/>`;
    parts += body(bill, shade(c, -0.1));
    parts += line('M214 462 Q400 432 586 462', ink(c), 3, 0.15);
  }
  return parts;
}

function mug(p: DemoPicture): string {
  const c = p.colour;
  const handleX = p.view === 'front' ? 1 : -1;
  const hx = (x: number) => 400 + handleX * (x - 400);
  const handle = `M${hx(686)} 262 C${hx(800)} 252 ${hx(800)} 520 ${hx(684)} 520`;
  const travel = p.model === 3;
  const enamel = p.model === 4;
  const inside = p.model === 2 ? '#d65a4a' : shade(c, -0.35);
  let parts = line(handle, shade(c, -0.3), 52, 1) + line(handle, c, 40, 1);
  parts += body('M110 170 L690 170 L680 640 Q400 664 120 640 Z', c);
  if (travel) {
    parts += body('M104 126 L696 126 L690 176 L110 176 Z', '#3a3d42');
    parts += body('M300 104 L500 104 L510 126 L290 126 Z', '#2a2c30');
  } else {
    parts += `<ellipse cx="400" cy="170" rx="290" ry="34" fill="${shade(c, -0.06)}" stroke="${shade(c, -0.35)}" stroke-opacity="0.5" stroke-width="3"/>`;
    parts += `<ellipse cx="400" cy="172" rx="270" ry="25" fill="${inside}"/>`;
  }
  if (enamel) {
    parts += line('M112 170 Q400 220 688 170', '#1f3b66', 8, 0.9);
    parts += line('M120 640 Q400 664 680 640', '#1f3b66', 8, 0.9);
  }
  return parts + line('M126 600 Q400 624 674 600', ink(c), 3, 0.12);
}

function pillow(p: DemoPicture): string {
  const c = p.colour;
  const outline = 'M70 70 Q400 100 730 70 Q700 400 730 730 Q400 700 70 730 Q100 400 70 70 Z';
  let parts = body(outline, c);
  parts += line(
    'M84 84 Q150 120 170 160 M716 84 Q650 120 630 160 M84 716 Q150 680 170 640 M716 716 Q650 680 630 640',
    ink(c),
    4,
    0.14,
  );
  if (p.model === 2) parts += `<path d="${outline}" fill="url(#sheen)" opacity="0.7"/>`;
  if (p.view === 'back') {
    parts += line('M140 652 L660 652', shade(c, -0.4), 6, 0.6);
    parts += `<rect x="646" y="640" width="16" height="40" rx="4" fill="${shade(c, -0.5)}"/>`;
  }
  return parts;
}

const POSTER_PAPER = ['#f6f3ea', '#faf9f6', '#efe8d8', '#c9a97a', '#d5d9de'];
/** An A-series sheet (1:√2), so a full-bleed print area on it keeps the paper's proportions. */
const SHEET = 'M135 25 L665 25 L665 775 L135 775 Z';

function poster(p: DemoPicture): string {
  const paper = POSTER_PAPER[p.model % POSTER_PAPER.length]!;
  const framed = p.model === 1;
  let parts = '';
  if (p.view === 'back') {
    parts += body(SHEET, framed ? '#8a6a48' : shade(paper, -0.08));
    if (framed) parts += line('M300 140 Q400 90 500 140', '#444444', 4, 0.8);
    return parts;
  }
  if (framed) parts += body('M115 8 L685 8 L685 792 L115 792 Z', '#5b4330');
  if (p.model === 2) parts += body('M128 18 L672 18 L672 782 L128 782 Z', shade(paper, -0.2));
  parts += body(SHEET, paper);
  if (p.model === 4 || p.sheen) parts += `<path d="${SHEET}" fill="url(#sheen)"/>`;
  if (p.model !== 1 && p.model !== 2)
    parts += `<circle cx="400" cy="42" r="9" fill="#9aa1a8"/><circle cx="400" cy="42" r="4" fill="#ffffff"/>`;
  return parts;
}

function tote(p: DemoPicture): string {
  const c = p.colour;
  const strap = shade(c, -0.08);
  let parts = line('M300 286 C300 90 500 90 500 286', shade(c, -0.3), 30, 1);
  parts += line('M270 286 C270 60 530 60 530 286', shade(c, -0.35), 32, 1);
  parts += line('M270 286 C270 60 530 60 530 286', strap, 26, 1);
  parts += body('M190 280 L610 280 L630 730 L170 730 Z', c);
  parts += line('M186 298 L614 298', ink(c), 3, 0.15);
  if (p.model === 1) parts += line('M230 286 L570 286', shade(c, -0.5), 6, 0.7);
  parts += line('M176 710 L624 710', ink(c), 3, 0.12);
  return parts;
}

function phoneCase(p: DemoPicture): string {
  const clear = luminance(p.colour) > 0.85;
  const outline =
    'M286 60 L514 60 Q570 60 570 116 L570 684 Q570 740 514 740 L286 740 Q230 740 230 684 L230 116 Q230 60 286 60 Z';
  let parts = '';
  if (clear) parts += body(outline, '#c9ccd1');
  parts += body(outline, p.colour, clear ? 'fill-opacity="0.45"' : '');
  parts += `<rect x="572" y="200" width="8" height="90" rx="3" fill="${shade(p.colour, -0.3)}"/>`;
  if (p.view === 'front') {
    parts += '<rect x="246" y="76" width="308" height="648" rx="42" fill="#15171c"/>';
    parts += '<path d="M246 400 L554 160 L554 76 L400 76 Z" fill="#ffffff" fill-opacity="0.06"/>';
    parts += '<rect x="356" y="96" width="88" height="24" rx="12" fill="#000000"/>';
    return parts;
  }
  const module = clear ? '#9ea3aa' : shade(p.colour, 0.12);
  parts += `<rect x="256" y="86" width="124" height="124" rx="32" fill="${module}" stroke="${shade(module, -0.3)}" stroke-width="3"/>`;
  for (const [cx, cy] of [
    [290, 120],
    [346, 120],
    [290, 176],
  ])
    parts += `<circle cx="${cx}" cy="${cy}" r="20" fill="#1c1e22"/><circle cx="${cx! - 5}" cy="${cy! - 5}" r="5" fill="#5a6270"/>`;
  if (p.model === 2)
    parts += line('M400 340 m-90 0 a90 90 0 1 0 180 0 a90 90 0 1 0 -180 0', ink(p.colour), 4, 0.2);
  return parts;
}

const DRAW: Record<DemoShape, (p: DemoPicture) => string> = {
  tee,
  hoodie,
  cap,
  mug,
  pillow,
  poster,
  tote,
  case: phoneCase,
};

/**
 * The picture as SVG: soft background, floor shadow and the product silhouette. Print areas are
 * not drawn in: the web draws them over the picture, and mockups use the picture as the blank.
 */
export function demoImageSvg(p: DemoPicture): string {
  // Pale products get a deeper backdrop so their outline still reads.
  const bg = shade(BACKGROUNDS[p.shape], luminance(p.colour) > 0.8 ? -0.14 : 0);
  const S = DEMO_IMAGE_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">` +
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(bg, 0.4)}"/><stop offset="1" stop-color="${bg}"/></linearGradient>` +
    '<radialGradient id="floor"><stop offset="0" stop-color="#000000" stop-opacity="0.18"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>' +
    '<linearGradient id="light" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.10"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>' +
    '<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/></linearGradient>' +
    '<pattern id="mesh" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="12" height="12" fill="#ffffff" fill-opacity="0.55"/><circle cx="6" cy="6" r="3.2" fill="#000000" fill-opacity="0.35"/></pattern>' +
    '</defs>' +
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>` +
    `<ellipse cx="400" cy="${FLOOR[p.shape]}" rx="330" ry="30" fill="url(#floor)"/>` +
    DRAW[p.shape](p) +
    '</svg>'
  );
}

/** Short digest of the drawing, so a changed drawing gets a new (immutable, cacheable) URL. */
export function demoImageDigest(p: DemoPicture): string {
  return createHash('sha256').update(demoImageSvg(p)).digest('hex').slice(0, 12);
}

/** Deterministic: the same picture always gives the same bytes. */
export async function renderDemoImage(p: DemoPicture): Promise<Buffer> {
  return sharp(Buffer.from(demoImageSvg(p)))
    .png()
    .toBuffer();
}
