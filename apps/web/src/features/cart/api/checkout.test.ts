import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { orderChangesOf } from './checkout.ts';

const change = { field: 'price', sku_id: 7, sku_code: 'FP1-RED-M', before: 1800, after: 1900 };

describe('orderChangesOf', () => {
  it('reads the changes of an orderSubmit 409', () => {
    const error = new ApiError({
      code: 409,
      status: 409,
      message: 'Changed',
      data: { changes: [change] },
    });
    expect(orderChangesOf(error)).toEqual([change]);
  });

  it('is null for other refusals, so they are reported as they are', () => {
    expect(orderChangesOf(new ApiError({ code: 409, status: 409, message: 'Taken' }))).toBeNull();
    expect(
      orderChangesOf(
        new ApiError({ code: 422, status: 422, message: 'Bad', data: { changes: [change] } }),
      ),
    ).toBeNull();
    expect(orderChangesOf(new Error('network'))).toBeNull();
  });
});
