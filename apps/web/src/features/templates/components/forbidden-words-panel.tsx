import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { permOf, type ForbidHit, type ForbidWord, type ForbidWordQuery } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import {
  checkForbiddenWords,
  deleteSellerWords,
  saveSellerWord,
  useSellerWords,
  useTemplateMutation,
} from '../api/templates.ts';

const PAGE = '/goods/template';
const FIRST_PAGE: ForbidWordQuery = { page: 1, size: 20 };

/** The text with each hit marked; a hit overlapping an earlier one is left to that one. */
function Highlighted({ text, hits }: { text: string; hits: readonly ForbidHit[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const hit of hits) {
    if (hit.start < at) continue;
    parts.push(text.slice(at, hit.start));
    parts.push(<mark key={hit.start}>{text.slice(hit.start, hit.end)}</mark>);
    at = hit.end;
  }
  parts.push(text.slice(at));
  return (
    <div className="templates-preview__text" data-testid="forbid-highlight">
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </div>
  );
}

/** A text checker against the platform's and the seller's words, and the seller's own list. */
export function ForbiddenWordsPanel() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ word: string }>();
  const [query, setQuery] = useState<ForbidWordQuery>(FIRST_PAGE);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ text: string; hits: ForbidHit[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const words = useSellerWords(query);
  const add = useTemplateMutation(saveSellerWord);
  const remove = useTemplateMutation(deleteSellerWords);
  const canAdd = useCan(permOf(PAGE, 'add'));
  const canDelete = useCan(permOf(PAGE, 'delete'));
  const pagination = words.data?.pagination;

  const check = async () => {
    setChecking(true);
    try {
      const { hits } = await checkForbiddenWords({ description: text });
      setChecked({ text, hits });
    } catch (error) {
      reportError(error);
    } finally {
      setChecking(false);
    }
  };

  const askDelete = (word: ForbidWord) =>
    Modal.confirm({
      title: t('templates.words.deleteOne', { word: word.word }),
      okText: t('templates.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ ids: [word.id] })
          .then(() => feedback.success(t('templates.words.deleted')))
          .catch((error: unknown) => reportError(error)),
    });

  return (
    <div className="templates-words">
      <section className="templates-preview" aria-label={t('templates.words.check')}>
        <Typography.Text strong>{t('templates.words.check')}</Typography.Text>
        <Typography.Text type="secondary">{t('templates.words.checkHint')}</Typography.Text>
        <Input.TextArea
          aria-label={t('templates.words.checkText')}
          value={text}
          maxLength={5000}
          autoSize={{ minRows: 3, maxRows: 8 }}
          onChange={(e) => setText(e.target.value)}
        />
        <div>
          <Button loading={checking} disabled={!text.trim()} onClick={() => void check()}>
            {t('templates.words.checkButton')}
          </Button>
        </div>
        {checked &&
          (checked.hits.length === 0 ? (
            <Alert type="success" showIcon title={t('templates.words.clean')} />
          ) : (
            <>
              <Alert
                type="warning"
                showIcon
                title={t('templates.words.found', {
                  count: checked.hits.length,
                  words: [...new Set(checked.hits.map((h) => h.word))].join(', '),
                })}
              />
              <Highlighted text={checked.text} hits={checked.hits} />
            </>
          ))}
      </section>
      <div className="templates-toolbar templates-words__toolbar">
        <Input.Search
          placeholder={t('templates.words.search')}
          aria-label={t('templates.words.search')}
          allowClear
          className="templates-search"
          onSearch={(value) => setQuery({ ...FIRST_PAGE, keyword: value.trim() || undefined })}
        />
        {canAdd && (
          <Form
            form={form}
            layout="inline"
            name="forbid-word"
            onFinish={({ word }) =>
              add.mutate(
                { word: word.trim(), remark: '' },
                {
                  onSuccess: () => {
                    feedback.success(t('templates.words.added'));
                    form.resetFields();
                  },
                  onError: (error) => reportError(error, form),
                },
              )
            }
          >
            <Form.Item
              name="word"
              rules={[{ required: true, whitespace: true, message: t('templates.words.required') }]}
            >
              <Input
                placeholder={t('templates.words.word')}
                aria-label={t('templates.words.word')}
                maxLength={100}
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={add.isPending}
            >
              {t('templates.words.add')}
            </Button>
          </Form>
        )}
      </div>
      {words.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('templates.words.loadFailed')}
          action={<Button onClick={() => void words.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<ForbidWord>
          rowKey="id"
          size="small"
          loading={words.isFetching}
          dataSource={words.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('templates.words.empty')} /> }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              onChange: (page, size) =>
                setQuery({ ...query, page: size === query.size ? page : 1, size }),
            }
          }
          columns={[
            {
              key: 'word',
              title: t('templates.words.word'),
              render: (_, w) => <Tag>{w.word}</Tag>,
            },
            ...(canDelete
              ? [
                  {
                    key: 'actions',
                    title: t('templates.actions'),
                    width: 100,
                    render: (_: unknown, w: ForbidWord) => (
                      <Space size={0}>
                        <IconAction
                          danger
                          label={t('templates.delete')}
                          icon={<DeleteOutlined />}
                          onClick={() => askDelete(w)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </div>
  );
}
