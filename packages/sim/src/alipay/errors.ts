/**
 * An answer with a gateway code other than 10000. The codes are those of reference 5.2; the
 * `msg` texts and `isv.*` / `ACQ.*` sub-codes are the ones real responses carry (the
 * invalid-signature one as quoted in alipay-sdk's src/alipay.ts).
 */
export class AlipayError extends Error {
  constructor(
    readonly code: '20000' | '40001' | '40002' | '40004',
    readonly subCode: string,
    readonly subMsg: string,
    /** Fields the response echoes next to the error, e.g. the `out_trade_no` asked for. */
    readonly extra: Record<string, string> = {},
  ) {
    super(`${subCode}: ${subMsg}`);
    this.name = 'AlipayError';
  }

  get msg(): string {
    return GATEWAY_MESSAGES[this.code];
  }

  toResponse(): Record<string, string> {
    return {
      code: this.code,
      msg: this.msg,
      sub_code: this.subCode,
      sub_msg: this.subMsg,
      ...this.extra,
    };
  }
}

const GATEWAY_MESSAGES = {
  '20000': 'Service Currently Unavailable',
  '40001': 'Missing Required Arguments',
  '40002': 'Invalid Arguments',
  '40004': 'Business Failed',
} as const;

export const tradeNotExist = (extra: Record<string, string>) =>
  new AlipayError('40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在', extra);

export const invalidParameter = (reason: string) =>
  new AlipayError('40004', 'ACQ.INVALID_PARAMETER', `参数无效: ${reason}`);
