import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error.ts';

describe('describeError', () => {
  it('names each cause with its PostgreSQL code and detail', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (typname, typnamespace)=(jobs, 2200) already exists.',
    });
    const text = describeError(new Error('Failed query: CREATE TABLE "jobs"', { cause: driver }));
    expect(text.split('\n')).toEqual([
      'Failed query: CREATE TABLE "jobs"',
      'caused by: duplicate key value violates unique constraint (code 23505; Key (typname, typnamespace)=(jobs, 2200) already exists.)',
    ]);
  });

  it('prints anything else as text', () => {
    expect(describeError('boom')).toBe('boom');
    expect(describeError(new Error('plain'))).toBe('plain');
  });
});
