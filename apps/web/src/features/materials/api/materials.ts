import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DilatationInput,
  IdsInput,
  MaterialDirDestroyInput,
  MaterialDirDestroyResult,
  MaterialDirStoreInput,
  MaterialEditInput,
  MaterialItem,
  MaterialListQuery,
  MaterialMoveInput,
  MaterialPage,
  MediaBatchResult,
  MediaFolder,
  MediaFolderTree,
  StorageSpace,
} from '@app/shared';
import { api, type UploadOptions } from '../../../api/client.ts';
import { ApiError } from '../../../api/api-error.ts';
import { sessionKeys } from '../../../shared/session/session-keys.ts';

export const materialKeys = {
  all: [...sessionKeys.all, 'materials'] as const,
  dirs: () => [...materialKeys.all, 'dirs'] as const,
  lists: () => [...materialKeys.all, 'list'] as const,
  list: (query: MaterialListQuery) => [...materialKeys.lists(), query] as const,
  space: () => [...materialKeys.all, 'space'] as const,
};

export function useMaterialDirs() {
  return useQuery({
    queryKey: materialKeys.dirs(),
    queryFn: ({ signal }) => api.get<MediaFolderTree>('/material/dir', undefined, { signal }),
  });
}

export function useMaterials(query: MaterialListQuery) {
  return useQuery({
    queryKey: materialKeys.list(query),
    queryFn: ({ signal }) => api.get<MaterialPage>('/material/get-list', query, { signal }),
    // Paging and filtering keep the previous page on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useStorageSpace() {
  return useQuery({
    queryKey: materialKeys.space(),
    queryFn: ({ signal }) => api.get<StorageSpace>('/image/space', undefined, { signal }),
  });
}

/** A mutation that refreshes everything on the page once it settles (lists, folders, quota). */
function useMaterialMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: materialKeys.all }),
  });
}

export const useStoreDir = () =>
  useMaterialMutation((input: MaterialDirStoreInput) =>
    api.post<MediaFolder>('/material/dir-store', input),
  );
export const useDestroyDir = () =>
  useMaterialMutation((input: MaterialDirDestroyInput) =>
    api.post<MaterialDirDestroyResult>('/material/dir-destory', input),
  );
export const useEditMaterial = () =>
  useMaterialMutation((input: MaterialEditInput) =>
    api.post<MaterialItem>('/material/edit', input),
  );
export const useDestroyMaterials = () =>
  useMaterialMutation((input: IdsInput) => api.post<MediaBatchResult>('/material/destory', input));
export const useMoveMaterials = () =>
  useMaterialMutation((input: MaterialMoveInput) =>
    api.post<MediaBatchResult>('/material/move', input),
  );
export const useDilatation = () =>
  useMaterialMutation((input: DilatationInput) =>
    api.post<StorageSpace>('/image/space/dilatation', input),
  );

/** Saves a zip of the materials' originals (the call needs the session, so not a plain link). */
export async function downloadMaterials(ids: number[]): Promise<void> {
  const blob = await api.getBlob('/material/download', { ids: ids.join(',') });
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: 'materials.zip' });
  link.click();
  // The click has started the download; the object URL is no longer needed after this tick.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** Uploads one material with its progress; `signal` aborts it. */
export function uploadMaterial(
  file: Blob & { name?: string },
  dirId: number | null,
  options: UploadOptions,
): Promise<MaterialItem> {
  const form = new FormData();
  // Fields go before the file: the server reads only those sent ahead of it.
  if (dirId !== null) form.append('dir_id', String(dirId));
  form.append('file', file, file.name ?? 'upload');
  return api.upload<MaterialItem>('/material/upload-single', form, options);
}

/** What to tell the user about a failed call: the field reason of a 422, else the message. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fields;
    return fields ? Object.values(fields).join('; ') : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
