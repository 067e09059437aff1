import { describe, expect, it, vi } from 'vitest';
import type { ImageLayer } from '@app/shared';

const uploadMaterial = vi.hoisted(() => vi.fn());
vi.mock('../materials/api/materials.ts', () => ({ uploadMaterial }));

const { uploadLocalArtwork } = await import('./artwork.ts');

const layer = (id: string, url: string): ImageLayer => ({
  id,
  side: 'front',
  kind: 'image',
  url,
  naturalWidth: 2,
  naturalHeight: 2,
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  rotation: 0,
  opacity: 1,
  locked: false,
});

describe('local artwork', () => {
  it('uploads each distinct data URL once, with its bytes and type, and maps it to the stored URL', async () => {
    uploadMaterial.mockImplementation(async (file: Blob & { name: string }) => ({
      url: `/api/files/${file.name}`,
      width: 2,
      height: 2,
    }));
    // "hi!" in base64 (RFC 4648 §4).
    const local = 'data:image/png;base64,aGkh';
    const urls = await uploadLocalArtwork([
      layer('a', local),
      layer('b', local),
      layer('c', '/api/files/already-stored.png'),
    ]);
    expect(uploadMaterial).toHaveBeenCalledTimes(1);
    const sent = uploadMaterial.mock.calls[0]![0] as Blob & { name: string };
    expect(sent.type).toBe('image/png');
    expect(sent.name).toBe('design-artwork-1.png');
    // jsdom's Blob has no arrayBuffer(); FileReader reads it.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(sent);
    });
    expect(text).toBe('hi!');
    expect([...urls]).toEqual([[local, '/api/files/design-artwork-1.png']]);
  });
});
