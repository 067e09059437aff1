import { useState } from 'react';
import type { ParentProductImage } from '@app/shared';
import { printAreaName } from './print-area-name.ts';
import { ProductImage } from './product-image.tsx';

interface PrintAreaImageProps {
  image: ParentProductImage | undefined;
  alt: string;
}

/**
 * The main image with its print areas as dashed boxes. Areas are in the picture's own pixels,
 * so they are placed in percentages of its natural size and scale with the displayed picture.
 */
export function PrintAreaImage({ image, alt }: PrintAreaImageProps) {
  const [natural, setNatural] = useState<{ url: string; width: number; height: number } | null>(
    null,
  );
  const size = natural && image && natural.url === image.url ? natural : null;
  return (
    <div className="print-area-image">
      <ProductImage
        key={image?.url}
        src={image?.url ?? null}
        alt={alt}
        className="print-area-image__picture"
        onLoad={(img) =>
          setNatural({ url: image?.url ?? '', width: img.naturalWidth, height: img.naturalHeight })
        }
      />
      {size &&
        size.width > 0 &&
        size.height > 0 &&
        image?.printAreas.map((area) => (
          <div
            key={`${area.name}-${area.x}-${area.y}`}
            className="print-area-image__area"
            title={printAreaName(area.name)}
            style={{
              left: `${(area.x / size.width) * 100}%`,
              top: `${(area.y / size.height) * 100}%`,
              width: `${(area.width / size.width) * 100}%`,
              height: `${(area.height / size.height) * 100}%`,
            }}
          >
            <span className="print-area-image__label">{printAreaName(area.name)}</span>
          </div>
        ))}
    </div>
  );
}
