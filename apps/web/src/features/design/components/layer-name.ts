import type { DesignLayer } from '@app/shared';

const NAME_MAX = 24;

/** How panels and warnings name a layer: its words for text, "Image n" for artwork. */
export function layerName(layer: DesignLayer, layers: DesignLayer[], imageWord: string): string {
  if (layer.kind === 'text') {
    const text = layer.text.replace(/\s+/g, ' ').trim();
    return text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text;
  }
  const images = layers.filter((candidate) => candidate.kind === 'image');
  return `${imageWord} ${images.findIndex((candidate) => candidate.id === layer.id) + 1}`;
}
