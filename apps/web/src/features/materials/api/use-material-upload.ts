import type { UploadProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { MaterialItem } from '@app/shared';
import { materialKeys, reasonOf, uploadMaterial } from './materials.ts';

/**
 * antd Upload's `customRequest` for the materials space: each file uploads on its own with its
 * progress, can be aborted, and refreshes the materials when it lands. A refusal's reason becomes
 * the file's `response`, which antd shows under its name.
 */
export function useMaterialUpload(
  dirId: number | null,
  on: { uploaded?: (item: MaterialItem) => void; failed?: (reason: string) => void } = {},
): UploadProps['customRequest'] {
  const client = useQueryClient();
  return ({ file, onProgress, onSuccess, onError }) => {
    const controller = new AbortController();
    uploadMaterial(file as File, dirId, {
      onProgress: (percent) => onProgress?.({ percent }),
      signal: controller.signal,
    }).then(
      (item) => {
        onSuccess?.(item);
        on.uploaded?.(item);
        void client.invalidateQueries({ queryKey: materialKeys.all });
      },
      (error: unknown) => {
        onError?.(error as Error, reasonOf(error));
        on.failed?.(reasonOf(error));
      },
    );
    return { abort: () => controller.abort() };
  };
}
