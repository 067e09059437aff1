import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Segmented, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type Notification } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useMarkRead, useNotifications, useUnreadCount } from '../api.ts';
import '../notifications.css';

const PAGE = 10;
/** The list grows by a page at a time, up to what one request may ask. */
const MAX = 100;

/** The header's bell: the unread count as a badge, the newest notifications in a popover. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [size, setSize] = useState(PAGE);
  const count = useUnreadCount().data?.count ?? 0;
  const list = useNotifications({ size, ...(unreadOnly ? { unread: '1' } : {}) }, open);
  const markRead = useMarkRead();
  const rows = list.data?.list ?? [];
  const total = list.data?.pagination.total ?? 0;

  const openOne = (notice: Notification) => {
    setOpen(false);
    if (!notice.read) markRead.mutate({ ids: [notice.id] }, { onError: (e) => reportError(e) });
    void navigate(notice.link);
  };

  const content = (
    <div className="notice-panel">
      <div className="notice-panel__head">
        <Segmented
          size="small"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(value) => setUnreadOnly(value === 'unread')}
          options={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unreadOnly') },
          ]}
        />
        <Button
          type="link"
          size="small"
          disabled={count === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true }, { onError: (e) => reportError(e) })}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {list.isError ? (
        <Typography.Text type="danger">{t('notifications.loadFailed')}</Typography.Text>
      ) : list.isPending ? (
        <Spin className="notice-panel__loading" />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <List
          className="notice-list"
          dataSource={rows}
          rowKey="id"
          renderItem={(notice) => (
            <List.Item className={notice.read ? 'notice-item' : 'notice-item notice-item--unread'}>
              <button type="button" className="notice-item__button" onClick={() => openOne(notice)}>
                {!notice.read && (
                  <Badge status="processing" aria-label={t('notifications.unread')} />
                )}
                <span className="notice-item__text">
                  <span className="notice-item__message">{notice.message}</span>
                  <span className="notice-item__time">{formatTimestamp(notice.created_at)}</span>
                </span>
              </button>
            </List.Item>
          )}
          loadMore={
            total > rows.length && size < MAX ? (
              <Button type="link" block onClick={() => setSize(size + PAGE)}>
                {t('notifications.more')}
              </Button>
            ) : null
          }
        />
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('notifications.title')}
      content={content}
      destroyOnHidden
    >
      <Badge count={count} size="small" overflowCount={99}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={
            count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')
          }
          title={t('notifications.bell')}
        />
      </Badge>
    </Popover>
  );
}
