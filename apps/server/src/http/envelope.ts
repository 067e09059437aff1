import type { Envelope } from '@app/shared';

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 0, data, message };
}
