import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingBatchKind, ListingBatchStarted, ListingRow } from '@app/shared';
import { reportError } from '../../../../api/form-errors.ts';
import { feedback } from '../../../../shared/feedback.ts';
import { saveBlob } from '../../../../shared/save-blob.ts';
import {
  BATCH_CALLS,
  copyListing,
  downloadData,
  downloadImages,
  publishListing,
  takeDownListing,
  useListingMutation,
} from '../../api/listings.ts';
import type { RunningBatch } from '../batch-dialog.tsx';

export type BatchCall = keyof typeof BATCH_CALLS;

/**
 * The warehouse's listing actions: publish or take down one, confirm a batch, copy, download.
 * Each batch that starts opens its progress dialog (`batch`) and calls `onStarted`, which
 * clears the selection. `titles` name the listings in confirmations and progress.
 */
export function useListingActions({
  titles,
  onStarted,
}: {
  titles: Record<number, string>;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState<RunningBatch | null>(null);
  const [downloading, setDownloading] = useState<'data' | 'images' | null>(null);
  const copy = useListingMutation(copyListing);
  const single = useListingMutation(({ kind, id }: { kind: 'publish' | 'down'; id: number }) =>
    kind === 'publish' ? publishListing(id) : takeDownListing(id),
  );
  const many = useListingMutation(({ kind, ids }: { kind: BatchCall; ids: number[] }) =>
    BATCH_CALLS[kind](ids),
  );

  const started = (kind: ListingBatchKind, answer: ListingBatchStarted) => {
    onStarted();
    setBatch({ kind, started: answer, titles });
  };

  const runOne = (kind: 'publish' | 'down', row: ListingRow) =>
    single.mutate(
      { kind, id: row.id },
      { onSuccess: (answer) => started(kind, answer), onError: (error) => reportError(error) },
    );

  const confirmMany = (kind: BatchCall, ids: number[]) =>
    Modal.confirm({
      title:
        ids.length === 1 && kind !== 'publish'
          ? t(kind === 'down' ? 'listings.confirm.downOne' : 'listings.confirm.deleteOne', {
              title: titles[ids[0]!] ?? `#${ids[0]}`,
            })
          : t(`listings.confirm.${kind}`, { count: ids.length }),
      content:
        kind === 'delete'
          ? t('listings.confirm.deleteHint')
          : kind === 'down'
            ? t('listings.confirm.downHint')
            : undefined,
      okText: t(`listings.actions.${kind}`),
      okButtonProps: { danger: kind === 'down' || kind === 'delete' },
      cancelText: t('common.cancel'),
      onOk: () =>
        many
          .mutateAsync({ kind, ids })
          .then((answer) => started(kind, answer))
          .catch((error: unknown) => reportError(error)),
    });

  const download = async (which: 'data' | 'images', ids: number[]) => {
    setDownloading(which);
    try {
      const blob = await (which === 'data' ? downloadData : downloadImages)(ids);
      saveBlob(blob, which === 'data' ? 'amazon-listings.xlsx' : 'amazon-listing-images.zip');
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(null);
    }
  };

  const copyOne = (row: ListingRow) =>
    copy.mutate(row.id, {
      onSuccess: () => feedback.success(t('listings.messages.copied')),
      onError: (error) => reportError(error),
    });

  return {
    batch,
    closeBatch: () => setBatch(null),
    started,
    runOne,
    confirmMany,
    download,
    downloading,
    copyOne,
  };
}

export type ListingActions = ReturnType<typeof useListingActions>;
