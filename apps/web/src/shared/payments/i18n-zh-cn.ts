/** Texts of the shared pay pieces (pay password dialog, payment result); joined into the console bundle. */
export const paymentsZhCN = {
  dialog: {
    title: '输入支付密码',
    amount: '支付金额',
    password: '支付密码',
    placeholder: '6 位数字支付密码',
    submit: '确认支付',
    noPassword: '你还没有设置支付密码，设置后才能使用余额支付。',
    setPassword: '去设置支付密码',
    shortBalance: '可用余额 ¥{{balance}} 不足以支付此笔金额。',
    recharge: '去充值',
  },
  result: {
    paid: '支付成功',
    paidRecharge: '充值成功：到账 ¥{{amount}}，赠送 ¥{{bonus}}',
    paidOrder: '已支付 ¥{{amount}}，订单已更新',
    pending: '正在等待支付宝确认付款…',
    pendingLong: '支付宝尚未确认这笔付款。如果你已付款，请稍后再查看。',
    closed: '这笔支付宝交易已关闭，没有扣款。',
    failed: '无法查询支付结果',
    checkAgain: '重新查询',
    tradeNo: '交易号 {{no}}',
  },
  paid: '支付成功',
  redirecting: '正在前往支付宝…',
};
