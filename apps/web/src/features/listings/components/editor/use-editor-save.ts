import { useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ComplianceReport, Listing, ListingBatchStarted } from '@app/shared';
import { isApiError } from '../../../../api/api-error.ts';
import { reportError } from '../../../../api/form-errors.ts';
import { feedback } from '../../../../shared/feedback.ts';
import { listingKeys } from '../../api/keys.ts';
import { publishListing, saveStep } from '../../api/listings.ts';
import {
  STEP_COUNT,
  STEP_FIELDS,
  stepOf,
  toFormValues,
  toNamePath,
  toStepInput,
  type EditorValues,
  type StepIndex,
} from '../../editor-form.ts';
import type { Saving } from './editor-actionbar.tsx';

/**
 * Server field errors onto the form. The image strip is one field, so an error of one image
 * (`images.2`) shows on it with the image's position.
 */
function fieldErrors(entries: [string, string][]) {
  const byName = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const [key, message] of entries) {
    const image = /^images\.(\d+)$/.exec(key);
    const name = image ? ['images'] : toNamePath(key);
    const text = image ? `${Number(image[1]) + 1}: ${message}` : message;
    const id = name.join('.');
    const entry = byName.get(id) ?? { name, errors: [] };
    entry.errors.push(text);
    byName.set(id, entry);
  }
  return [...byName.values()].map((e) => ({ name: e.name as never, errors: e.errors }));
}

/**
 * Saving the editor: each step saves on its own; the steps changed since their last save are
 * tracked, and publishing saves them all, re-runs the check and publishes only when it passes.
 */
export function useEditorSave({
  form,
  listing,
  step,
  position,
  currency,
  recheck,
  onStep,
  onListing,
}: {
  form: FormInstance<EditorValues>;
  listing: Listing;
  step: StepIndex;
  position: { index: number; total: number };
  /** The store's currency, once known; the listing's until then. */
  currency: string;
  recheck: () => Promise<{ data?: ComplianceReport }>;
  onStep: (step: StepIndex) => void;
  onListing: (offset: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const dirty = useRef(new Set<StepIndex>());
  const [dirtyCount, setDirtyCount] = useState(0);
  const [saving, setSaving] = useState<Saving>(null);
  const [batch, setBatch] = useState<ListingBatchStarted | null>(null);

  const markChanged = (changed: Partial<EditorValues>) => {
    for (const key of Object.keys(changed)) dirty.current.add(stepOf(key));
    setDirtyCount(dirty.current.size);
  };

  /** Saves one step; answers false (with the errors on the fields) when it did not. */
  const save = async (s: StepIndex): Promise<boolean> => {
    try {
      await form.validateFields(STEP_FIELDS[s], { recursive: true });
    } catch {
      onStep(s);
      return false;
    }
    const values = form.getFieldsValue(true) as EditorValues;
    try {
      const saved = await saveStep(toStepInput(s, listing.id, values, currency));
      client.setQueryData(listingKeys.detail(listing.id), saved);
      const fresh = toFormValues(saved);
      form.setFieldsValue(Object.fromEntries(STEP_FIELDS[s].map((k) => [k, fresh[k]])));
      dirty.current.delete(s);
      setDirtyCount(dirty.current.size);
      void client.invalidateQueries({ queryKey: listingKeys.check(listing.id) });
      void client.invalidateQueries({ queryKey: listingKeys.lists() });
      return true;
    } catch (error) {
      onStep(s);
      if (isApiError(error) && error.fields) {
        const entries = Object.entries(error.fields).filter(([k]) => k !== '_');
        if (entries.length > 0) {
          form.setFields(fieldErrors(entries));
          return false;
        }
      }
      reportError(error);
      return false;
    }
  };

  const onSave = async (andNext: boolean) => {
    setSaving(andNext ? 'next' : 'save');
    try {
      if (!(await save(step))) return;
      feedback.success(t('listings.editor.saved'));
      if (andNext) {
        if (step < STEP_COUNT - 1) onStep((step + 1) as StepIndex);
        else if (position.index < position.total - 1) onListing(1);
      }
    } finally {
      setSaving(null);
    }
  };

  const onPublish = async () => {
    setSaving('publish');
    try {
      for (const s of [...dirty.current].sort()) if (!(await save(s))) return;
      const fresh = await recheck();
      if (fresh.data && !fresh.data.ok) {
        feedback.warning(t('listings.editor.publishBlocked'));
        return;
      }
      setBatch(await publishListing(listing.id));
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(null);
    }
  };

  return {
    dirtyCount,
    markChanged,
    saving,
    onSave,
    onPublish,
    batch,
    closeBatch: () => setBatch(null),
  };
}
