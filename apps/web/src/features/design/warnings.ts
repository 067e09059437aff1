import {
  effectiveDpi,
  isLowResolution,
  leavesPrintArea,
  type DesignLayer,
  type PrintArea,
} from '@app/shared';

export interface LayerWarnings {
  /** The artwork's print resolution when it is too low to print sharply. */
  lowDpi: number | null;
  outside: boolean;
}

export function layerWarnings(layer: DesignLayer, area: PrintArea): LayerWarnings {
  return {
    lowDpi:
      layer.kind === 'image' && isLowResolution(layer) ? Math.round(effectiveDpi(layer)) : null,
    outside: leavesPrintArea(area, layer),
  };
}

export function hasWarnings(warnings: LayerWarnings): boolean {
  return warnings.lowDpi !== null || warnings.outside;
}
