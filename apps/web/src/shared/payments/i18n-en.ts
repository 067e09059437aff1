import type { paymentsZhCN } from './i18n-zh-cn.ts';

export const paymentsEn: typeof paymentsZhCN = {
  dialog: {
    title: 'Enter your pay password',
    amount: 'Amount to pay',
    password: 'Pay password',
    placeholder: '6-digit pay password',
    submit: 'Pay now',
    noPassword: 'You have not set a pay password yet; set one to pay from your balance.',
    setPassword: 'Set a pay password',
    shortBalance: 'Your available balance of ¥{{balance}} does not cover this amount.',
    recharge: 'Recharge',
  },
  result: {
    paid: 'Payment received',
    paidRecharge: 'Recharge received: ¥{{amount}} credited, plus a ¥{{bonus}} bonus',
    paidOrder: '¥{{amount}} paid; your orders are updated',
    pending: 'Waiting for Alipay to confirm the payment…',
    pendingLong: 'Alipay has not confirmed this payment yet. If you have paid, check again later.',
    closed: 'This Alipay trade was closed; nothing was charged.',
    failed: 'The payment result could not be checked',
    checkAgain: 'Check again',
    tradeNo: 'Trade no. {{no}}',
  },
  paid: 'Payment successful',
  redirecting: 'Opening Alipay…',
};
