import {
  areaSizeMm,
  clampCurve,
  curveSag,
  TEXT_LINE_HEIGHT,
  layerRectFromImage,
  layerRectOnImage,
  type PrintArea,
  type Rect,
} from '@app/shared';

/** How close (in millimetres of the area) an edge or centre must come to snap to a guide. */
export const SNAP_MM = 3;

/**
 * Where a layer's Konva node sits on the product image. Nodes turn about their centre (as the
 * document's rotation does), so the node's position is the box centre with an offset of half
 * its size.
 */
export interface NodePlacement {
  x: number;
  y: number;
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
}

export function nodePlacement(area: PrintArea, layer: Rect): NodePlacement {
  const box = layerRectOnImage(area, layer);
  return {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
    width: box.width,
    height: box.height,
    offsetX: box.width / 2,
    offsetY: box.height / 2,
  };
}

/** A node's centre and size on the image back to the layer's box in area millimetres. */
export function layerBoxFromNode(
  area: PrintArea,
  node: { x: number; y: number; width: number; height: number },
): Rect {
  return layerRectFromImage(area, {
    x: node.x - node.width / 2,
    y: node.y - node.height / 2,
    width: node.width,
    height: node.height,
  });
}

export interface Snapped {
  x: number;
  y: number;
  /** Guide lines to draw, in area millimetres: x of vertical lines, y of horizontal ones. */
  vertical: number[];
  horizontal: number[];
}

/** Pulls one axis of a box onto the nearest of the area's start, centre and end lines. */
function snapAxis(start: number, size: number, length: number, threshold: number) {
  const lines = [0, length / 2, length];
  let best: { position: number; line: number; distance: number } | null = null;
  for (const line of lines) {
    // The box's start, centre and end each try each line.
    for (const [edge, position] of [
      [start, line],
      [start + size / 2, line - size / 2],
      [start + size, line - size],
    ] as const) {
      const distance = Math.abs(edge - line);
      if (distance <= threshold && (!best || distance < best.distance)) {
        best = { position, line, distance };
      }
    }
  }
  return best ? { position: best.position, lines: [best.line] } : { position: start, lines: [] };
}

/** Snaps a dragged box to the print area's edges and centre lines. */
export function snapToArea(area: PrintArea, box: Rect, threshold = SNAP_MM): Snapped {
  const size = areaSizeMm(area);
  const across = snapAxis(box.x, box.width, size.width, threshold);
  const down = snapAxis(box.y, box.height, size.height, threshold);
  return { x: across.position, y: down.position, vertical: across.lines, horizontal: down.lines };
}

/**
 * The SVG path curved text follows: an arc of `degrees` as long as the text (`width`), centred in
 * the text box. Positive curves bend the ends up (a smile), as the document defines.
 */
export function curvePath(width: number, fontSize: number, degrees: number): string {
  const curve = clampCurve(degrees);
  // Glyphs sit centred on the path (Konva's `middle` baseline), so the path keeps half a line
  // clear of the box's top.
  const top = (fontSize * TEXT_LINE_HEIGHT) / 2;
  if (curve === 0) return `M 0 ${top} H ${width}`;
  const angle = (Math.abs(curve) * Math.PI) / 180;
  const radius = width / angle;
  const chord = 2 * radius * Math.sin(angle / 2);
  const left = (width - chord) / 2;
  // A smile's ends are high and its middle dips; a frown's ends are low.
  const endY = curve > 0 ? top : top + curveSag(width, curve);
  // Sweep 0 runs anticlockwise on screen: from the left end down through the middle (a smile).
  const sweep = curve > 0 ? 0 : 1;
  return `M ${left} ${endY} A ${radius} ${radius} 0 0 ${sweep} ${left + chord} ${endY}`;
}
