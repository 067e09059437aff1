import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import {
  Group,
  Image as KonvaImage,
  Layer,
  Line,
  Rect,
  Stage,
  Text,
  TextPath,
  Transformer,
} from 'react-konva';
import {
  areaSizeMm,
  layerRectOnImage,
  pixelsPerMm,
  TEXT_LINE_HEIGHT,
  type DesignLayer,
  type PrintArea,
  type TextLayer,
} from '@app/shared';
import type { Blank } from '../blank.ts';
import {
  curvePath,
  layerBoxFromNode,
  nodePlacement,
  snapToArea,
  type NodePlacement,
} from '../canvas-geometry.ts';
import type { LayerPatch } from '../document-store.ts';
import { fontStack } from '../text-box.ts';
import { useElementWidth, useLoadedImage } from './canvas-hooks.ts';

/** Snapping reaches this far on screen, whatever the zoom. */
const SNAP_SCREEN_PX = 6;
/** Until the blank has loaded, the stage assumes the demo pictures' size. */
const DEFAULT_IMAGE_SIZE = 800;
const ROTATION_SNAPS = [0, 45, 90, 135, 180, 225, 270, 315];
const ALL_ANCHORS = [
  'top-left',
  'top-center',
  'top-right',
  'middle-right',
  'middle-left',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];
const CORNER_ANCHORS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const ACCENT = '#1677ff';
const GUIDE = '#eb2f96';

interface Guides {
  vertical: number[];
  horizontal: number[];
}
const NO_GUIDES: Guides = { vertical: [], horizontal: [] };

export interface DesignCanvasProps {
  blank: Blank;
  /** The side's layers, bottom to top. */
  layers: DesignLayer[];
  selectedId: string | null;
  zoom: number;
  label: string;
  onSelect: (id: string | null) => void;
  onChange: (id: string, patch: LayerPatch) => void;
}

/** Degrees in (-180, 180], as Konva may hand back any multiple of a turn. */
function normaliseRotation(degrees: number): number {
  const turned = ((degrees % 360) + 360) % 360;
  return turned > 180 ? turned - 360 : turned;
}

/**
 * The blank product with its print areas and the side's layers. Everything is drawn in the
 * blank's own pixels and the stage scales it to the screen, so the document's millimetres map
 * through the shared print-area geometry alone.
 */
export function DesignCanvas({
  blank,
  layers,
  selectedId,
  zoom,
  label,
  onSelect,
  onChange,
}: DesignCanvasProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frameRef);
  const background = useLoadedImage(blank.image.url);
  const imageWidth = background?.naturalWidth || DEFAULT_IMAGE_SIZE;
  const imageHeight = background?.naturalHeight || DEFAULT_IMAGE_SIZE;
  const scale = ((frameWidth || imageWidth) / imageWidth) * zoom;
  const [guides, setGuides] = useState<Guides>(NO_GUIDES);
  const transformerRef = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<string, Konva.Group>());
  const { area } = blank;
  const selected = layers.find((layer) => layer.id === selectedId) ?? null;

  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const node = selected && !selected.locked ? nodes.current.get(selected.id) : undefined;
    transformer.nodes(node ? [node] : []);
    transformer.getLayer()?.batchDraw();
  }, [selected]);

  const snapThresholdMm = SNAP_SCREEN_PX / (scale * pixelsPerMm(area));

  const snapWhileDragging = (layer: DesignLayer, node: Konva.Group) => {
    const place = nodePlacement(area, layer);
    const box = layerBoxFromNode(area, {
      x: node.x(),
      y: node.y(),
      width: place.width,
      height: place.height,
    });
    const snapped = snapToArea(area, box, snapThresholdMm);
    const onImage = layerRectOnImage(area, { ...box, x: snapped.x, y: snapped.y });
    node.position({ x: onImage.x + onImage.width / 2, y: onImage.y + onImage.height / 2 });
    setGuides({ vertical: snapped.vertical, horizontal: snapped.horizontal });
  };

  const commitNode = (layer: DesignLayer, node: Konva.Group) => {
    const place = nodePlacement(area, layer);
    const scaleX = node.scaleX();
    const scaleY = node.scaleY();
    node.scale({ x: 1, y: 1 });
    const box = layerBoxFromNode(area, {
      x: node.x(),
      y: node.y(),
      width: place.width * scaleX,
      height: place.height * scaleY,
    });
    const rotation = normaliseRotation(node.rotation());
    setGuides(NO_GUIDES);
    if (layer.kind === 'text') {
      // Text keeps its proportions (corner handles only), so the font grows with the box.
      onChange(layer.id, { ...box, rotation, fontSize: layer.fontSize * scaleX });
    } else {
      onChange(layer.id, { ...box, rotation });
    }
  };

  const areaSize = areaSizeMm(area);
  const guideLines = [
    ...guides.vertical.map((x) =>
      layerRectOnImage(area, { x, y: 0, width: 0, height: areaSize.height }),
    ),
    ...guides.horizontal.map((y) =>
      layerRectOnImage(area, { x: 0, y, width: areaSize.width, height: 0 }),
    ),
  ];

  return (
    <div ref={frameRef} className="design-canvas" role="img" aria-label={label}>
      {frameWidth > 0 && (
        <Stage
          width={imageWidth * scale}
          height={imageHeight * scale}
          scaleX={scale}
          scaleY={scale}
          onMouseDown={(event) => {
            if (event.target === event.target.getStage() || event.target.name() === 'blank') {
              onSelect(null);
            }
          }}
          onTouchStart={(event) => {
            if (event.target.name() === 'blank') onSelect(null);
          }}
        >
          <Layer>
            {background ? (
              <KonvaImage name="blank" image={background} width={imageWidth} height={imageHeight} />
            ) : (
              <Rect name="blank" width={imageWidth} height={imageHeight} fill="#f0f2f5" />
            )}
            {blank.image.printAreas.map((printArea) => (
              <PrintAreaOutline
                key={`${printArea.name}-${printArea.x}-${printArea.y}`}
                area={printArea}
                current={printArea.name === area.name}
                scale={scale}
              />
            ))}
            {layers.map((layer) => (
              <Group
                key={layer.id}
                ref={(node) => {
                  if (node) nodes.current.set(layer.id, node);
                  else nodes.current.delete(layer.id);
                }}
                {...nodePlacement(area, layer)}
                rotation={layer.rotation}
                opacity={layer.opacity}
                draggable={!layer.locked}
                onMouseDown={() => onSelect(layer.id)}
                onTap={() => onSelect(layer.id)}
                onDragStart={() => onSelect(layer.id)}
                onDragMove={(event) => snapWhileDragging(layer, event.currentTarget as Konva.Group)}
                onDragEnd={(event) => commitNode(layer, event.currentTarget as Konva.Group)}
                onTransformEnd={(event) => commitNode(layer, event.currentTarget as Konva.Group)}
              >
                <LayerContent layer={layer} place={nodePlacement(area, layer)} area={area} />
              </Group>
            ))}
            {guideLines.map((line, index) => (
              <Line
                key={index}
                points={[line.x, line.y, line.x + line.width, line.y + line.height]}
                stroke={GUIDE}
                strokeWidth={1 / scale}
                dash={[4 / scale, 4 / scale]}
                listening={false}
              />
            ))}
            <Transformer
              ref={transformerRef}
              keepRatio={selected?.kind === 'text'}
              enabledAnchors={selected?.kind === 'text' ? CORNER_ANCHORS : ALL_ANCHORS}
              rotationSnaps={ROTATION_SNAPS}
              anchorSize={9}
              borderStroke={ACCENT}
              anchorStroke={ACCENT}
              boundBoxFunc={(previous, next) =>
                Math.abs(next.width) < 4 || Math.abs(next.height) < 4 ? previous : next
              }
            />
          </Layer>
        </Stage>
      )}
    </div>
  );
}

function PrintAreaOutline({
  area,
  current,
  scale,
}: {
  area: PrintArea;
  current: boolean;
  scale: number;
}) {
  return (
    <Group listening={false}>
      <Rect
        x={area.x}
        y={area.y}
        width={area.width}
        height={area.height}
        stroke={current ? ACCENT : '#8c8c8c'}
        strokeWidth={1.5 / scale}
        dash={[6 / scale, 4 / scale]}
      />
      <Text
        x={area.x}
        y={area.y - 16 / scale}
        text={area.name}
        fontSize={12 / scale}
        fill={current ? ACCENT : '#8c8c8c'}
      />
    </Group>
  );
}

function LayerContent({
  layer,
  place,
  area,
}: {
  layer: DesignLayer;
  place: NodePlacement;
  area: PrintArea;
}) {
  if (layer.kind === 'image') return <ImageContent url={layer.url} place={place} />;
  return <TextContent layer={layer} place={place} area={area} />;
}

function ImageContent({ url, place }: { url: string; place: NodePlacement }) {
  const image = useLoadedImage(url);
  return image ? (
    <KonvaImage image={image} width={place.width} height={place.height} />
  ) : (
    <Rect width={place.width} height={place.height} fill="rgba(0,0,0,0.08)" />
  );
}

function TextContent({
  layer,
  place,
  area,
}: {
  layer: TextLayer;
  place: NodePlacement;
  area: PrintArea;
}) {
  const fontSize = layer.fontSize * pixelsPerMm(area);
  const style = {
    text: layer.text,
    fontFamily: fontStack(layer.fontFamily),
    fontSize,
    fontStyle: layer.fontWeight,
    fill: layer.fill,
  };
  return (
    <>
      {/* Grabs the whole box, not just the glyphs' strokes. */}
      <Rect width={place.width} height={place.height} fill="transparent" />
      {layer.curve === 0 ? (
        <Text {...style} width={place.width} align={layer.align} lineHeight={TEXT_LINE_HEIGHT} />
      ) : (
        <TextPath
          {...style}
          data={curvePath(place.width, fontSize, layer.curve)}
          align="center"
          textBaseline="middle"
        />
      )}
    </>
  );
}
