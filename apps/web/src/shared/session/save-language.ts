import type { Language, SaveLanguageInput } from '@app/shared';
import { api } from '../../api/client.ts';

/** Saves the signed-in user's language, so the server writes messages in it on every device. */
export function saveLanguage(language: Language): Promise<void> {
  const body: SaveLanguageInput = { language };
  return api.post<void>('/account/language', body);
}
