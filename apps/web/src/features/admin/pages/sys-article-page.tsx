import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  renderMarkdown,
  type AdminArticle,
  type AdminArticleQuery,
  type ArticleCategory,
  type ArticleInput,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { articleKeys, sysArticle } from '../api/articles.ts';
import { useOperatorCan } from '../components/operator-can.tsx';

/** Markdown typed on the left, rendered on the right with the server's own renderer. */
function MarkdownField({
  name,
  label,
  value,
}: {
  name: 'body_zh' | 'body_en';
  label: string;
  value: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name={name} noStyle rules={[{ max: 50_000 }]}>
          <Input.TextArea rows={18} aria-label={label} />
        </Form.Item>
      </Col>
      <Col span={12}>
        {/* renderMarkdown escapes raw HTML and refuses script links: safe to insert. */}
        <div
          className="admin-markdown-preview"
          aria-label={t('admin.article.preview')}
          dangerouslySetInnerHTML={{ __html: renderMarkdown(value ?? '') }}
        />
      </Col>
    </Row>
  );
}

type ArticleFormValues = ArticleInput;

function ArticleEditor({
  article,
  categories,
  defaultCategory,
  onDone,
}: {
  article: AdminArticle | null;
  categories: ArticleCategory[];
  defaultCategory: number | undefined;
  onDone: (saved: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ArticleFormValues>();
  const [saving, setSaving] = useState(false);
  const bodyZh = Form.useWatch('body_zh', form);
  const bodyEn = Form.useWatch('body_en', form);
  const en = i18n.language === 'en';
  const submit = async (values: ArticleFormValues) => {
    setSaving(true);
    try {
      if (article) await sysArticle.update({ id: article.id, ...values });
      else await sysArticle.add(values);
      feedback.success(t('admin.article.saved'));
      onDone(true);
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open
      width={1100}
      title={article ? t('admin.article.edit') : t('admin.article.add')}
      onClose={() => onDone(false)}
      extra={
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {t('admin.article.save')}
        </Button>
      }
    >
      <Form<ArticleFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={
          article ?? {
            category_id: defaultCategory ?? categories[0]?.id,
            published: false,
            sort: 0,
            body_zh: '',
            body_en: '',
          }
        }
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="category_id"
              label={t('admin.article.columns.category')}
              rules={[{ required: true }]}
            >
              <Select
                options={categories.map((c) => ({
                  value: c.id,
                  label: en ? c.name_en : c.name_zh,
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="slug"
              label={t('admin.article.columns.slug')}
              rules={[{ required: true }]}
            >
              <Input maxLength={64} placeholder="authorize-amazon" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="sort" label={t('admin.article.columns.sort')}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              name="published"
              label={t('admin.article.published')}
              valuePropName="checked"
            >
              <Switch aria-label={t('admin.article.published')} />
            </Form.Item>
          </Col>
        </Row>
        <Tabs
          items={[
            {
              key: 'zh',
              label: t('admin.article.tabs.zh'),
              forceRender: true,
              children: (
                <>
                  <Form.Item
                    name="title_zh"
                    label={t('admin.article.columns.titleZh')}
                    rules={[{ required: true }]}
                  >
                    <Input maxLength={120} />
                  </Form.Item>
                  <Form.Item
                    label={t('admin.article.columns.bodyZh')}
                    extra={t('admin.article.bodyHelp')}
                  >
                    <MarkdownField
                      name="body_zh"
                      label={t('admin.article.columns.bodyZh')}
                      value={bodyZh}
                    />
                  </Form.Item>
                </>
              ),
            },
            {
              key: 'en',
              label: t('admin.article.tabs.en'),
              forceRender: true,
              children: (
                <>
                  <Form.Item
                    name="title_en"
                    label={t('admin.article.columns.titleEn')}
                    rules={[{ required: true }]}
                  >
                    <Input maxLength={120} />
                  </Form.Item>
                  <Form.Item
                    label={t('admin.article.columns.bodyEn')}
                    extra={t('admin.article.bodyHelp')}
                  >
                    <MarkdownField
                      name="body_en"
                      label={t('admin.article.columns.bodyEn')}
                      value={bodyEn}
                    />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}

interface CategoryValues {
  name_zh: string;
  name_en: string;
  sort: number;
}

function CategoryForm({
  category,
  onDone,
}: {
  category: ArticleCategory | null;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryValues>();
  const submit = async (values: CategoryValues) => {
    try {
      if (category) await sysArticle.updateCategory({ id: category.id, ...values });
      else await sysArticle.addCategory(values);
      feedback.success(t('admin.article.saved'));
      onDone(true);
    } catch (error) {
      reportError(error, form);
    }
  };
  return (
    <Modal
      open
      title={category ? t('admin.article.editCategory') : t('admin.article.addCategory')}
      okText={t('admin.article.save')}
      onOk={() => form.submit()}
      onCancel={() => onDone(false)}
    >
      <Form<CategoryValues>
        form={form}
        layout="vertical"
        initialValues={category ?? { sort: 0 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name_zh"
          label={t('admin.article.columns.nameZh')}
          rules={[{ required: true }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="name_en"
          label={t('admin.article.columns.nameEn')}
          rules={[{ required: true }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="sort" label={t('admin.article.columns.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/sys/article: the help center's categories and articles, written in both languages. */
export function SysArticlePage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/article');
  const en = i18n.language === 'en';
  const [filters, setFilters] = useState<Partial<AdminArticleQuery>>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [editing, setEditing] = useState<AdminArticle | 'new' | null>(null);
  const [category, setCategory] = useState<ArticleCategory | 'new' | null>(null);
  const query = { ...filters, ...paging };
  const categories = useQuery({
    queryKey: articleKeys.categories(),
    queryFn: sysArticle.categories,
  });
  const page = useQuery({
    queryKey: articleKeys.page(query),
    queryFn: () => sysArticle.page(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: articleKeys.all });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      feedback.success(done);
      refresh();
    } catch (error) {
      reportError(error);
    }
  };
  const cats = categories.data?.list ?? [];
  const nameOf = (id: number) => {
    const c = cats.find((x) => x.id === id);
    return c ? (en ? c.name_en : c.name_zh) : '';
  };
  const filterBy = (next: Partial<AdminArticleQuery>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="260px">
        <Card
          title={t('admin.article.categories')}
          size="small"
          extra={
            may('add') && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('admin.article.addCategory')}
                onClick={() => setCategory('new')}
              />
            )
          }
        >
          <List
            size="small"
            dataSource={[null, ...cats]}
            // "All categories" is the null entry; antd reads `item.key` unless told otherwise.
            rowKey={(c) => String(c?.id ?? 'all')}
            renderItem={(c) => (
              <List.Item
                className={
                  (c?.id ?? undefined) === filters.category_id
                    ? 'admin-category admin-category--active'
                    : 'admin-category'
                }
                onClick={() => filterBy({ category_id: c?.id })}
                actions={
                  c
                    ? [
                        may('update') && (
                          <EditOutlined
                            key="edit"
                            aria-label={t('admin.article.editCategory')}
                            onClick={(e) => {
                              e.stopPropagation();
                              setCategory(c);
                            }}
                          />
                        ),
                        may('delete') && (
                          <Popconfirm
                            key="delete"
                            title={t('admin.article.deleteCategoryConfirm', {
                              name: en ? c.name_en : c.name_zh,
                            })}
                            onConfirm={() =>
                              void act(
                                () => sysArticle.removeCategory(c.id),
                                t('admin.article.deleted'),
                              )
                            }
                          >
                            <DeleteOutlined onClick={(e) => e.stopPropagation()} />
                          </Popconfirm>
                        ),
                      ].filter(Boolean)
                    : []
                }
              >
                {c
                  ? `${en ? c.name_en : c.name_zh} (${c.count})`
                  : t('admin.article.allCategories')}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          title={t('admin.article.title')}
          extra={
            <Space>
              <Input.Search
                allowClear
                placeholder={t('admin.article.search')}
                aria-label={t('admin.article.search')}
                onSearch={(keyword) => filterBy({ keyword: keyword || undefined })}
                style={{ width: 240 }}
              />
              {may('add') && (
                // Enabled once the categories are in: the drawer's category defaults to the first.
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={categories.isPending}
                  onClick={() => setEditing('new')}
                >
                  {t('admin.article.add')}
                </Button>
              )}
            </Space>
          }
        >
          <Table<AdminArticle>
            rowKey="id"
            size="middle"
            loading={page.isFetching}
            dataSource={page.data?.list ?? []}
            locale={{ emptyText: t('admin.article.empty') }}
            scroll={{ x: 900 }}
            pagination={{
              current: paging.page,
              pageSize: paging.size,
              total: page.data?.pagination.total ?? 0,
              onChange: (p, size) => setPaging({ page: p, size }),
            }}
            columns={[
              {
                key: 'title',
                title: t('admin.article.columns.title'),
                render: (_, a) => (en ? a.title_en : a.title_zh),
              },
              {
                key: 'category',
                title: t('admin.article.columns.category'),
                render: (_, a) => nameOf(a.category_id),
              },
              { key: 'slug', title: t('admin.article.columns.slug'), dataIndex: 'slug' },
              {
                key: 'status',
                title: t('admin.article.columns.status'),
                render: (_, a) =>
                  a.published ? (
                    <Tag color="green">{t('admin.article.published')}</Tag>
                  ) : (
                    <Tag>{t('admin.article.draft')}</Tag>
                  ),
              },
              {
                key: 'votes',
                title: t('admin.article.columns.votes'),
                render: (_, a) =>
                  t('admin.article.votes', { yes: a.helpful_yes, no: a.helpful_no }),
              },
              {
                key: 'updated',
                title: t('admin.article.columns.updated'),
                render: (_, a) => formatTimestamp(a.updated_at),
              },
              {
                key: 'actions',
                title: t('admin.article.columns.actions'),
                fixed: 'right',
                render: (_, a) => (
                  <Space size={0}>
                    {may('update') && (
                      <Button type="link" onClick={() => setEditing(a)}>
                        {t('admin.article.edit')}
                      </Button>
                    )}
                    {may('update') && (
                      <Button
                        type="link"
                        onClick={() =>
                          void act(
                            () => sysArticle.update({ id: a.id, published: !a.published }),
                            t('admin.article.saved'),
                          )
                        }
                      >
                        {a.published ? t('admin.article.unpublish') : t('admin.article.publish')}
                      </Button>
                    )}
                    {a.published && (
                      <Button type="link" href={`/help?article=${a.slug}`} target="_blank">
                        {t('admin.article.view')}
                      </Button>
                    )}
                    {may('delete') && (
                      <Popconfirm
                        title={t('admin.article.deleteConfirm', {
                          title: en ? a.title_en : a.title_zh,
                        })}
                        onConfirm={() =>
                          void act(() => sysArticle.remove(a.id), t('admin.article.deleted'))
                        }
                      >
                        <Button type="link" danger>
                          {t('admin.article.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      {editing && (
        <ArticleEditor
          article={editing === 'new' ? null : editing}
          categories={cats}
          defaultCategory={filters.category_id}
          onDone={(saved) => {
            setEditing(null);
            if (saved) refresh();
          }}
        />
      )}
      {category && (
        <CategoryForm
          category={category === 'new' ? null : category}
          onDone={(saved) => {
            setCategory(null);
            if (saved) refresh();
          }}
        />
      )}
    </Row>
  );
}
