/** The notification bell and the e-mail setting. */
export const notificationsZhCN = {
  bell: '通知',
  bellUnread: '通知，{{count}} 条未读',
  title: '通知',
  markAllRead: '全部标为已读',
  empty: '暂无通知',
  all: '全部',
  unreadOnly: '未读',
  unread: '未读',
  loadFailed: '通知加载失败',
  more: '更早的通知',
  settings: {
    tab: '通知',
    email: '邮件通知',
    emailHelp:
      '发货、异常、平台拒绝运单号、余额不足等通知同时发送到你的邮箱（{{email}}），使用你的界面语言。',
    noEmail: '你的账号还没有绑定邮箱，无法接收邮件通知。',
    saved: '已保存',
  },
};
