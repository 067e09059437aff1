import { useState } from 'react';
import { Alert, Button, Empty, Input, Pagination, Skeleton, Space } from 'antd';
import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { helpArticlePath, loginPath, paths } from '../../../shared/paths.ts';
import { useArticle, useArticleList, useVoteArticle } from '../api/help.ts';
import { PageHero } from '../components/marketing.tsx';
import { withQueries } from '../components/with-queries.tsx';
import '../help.css';

const PAGE_SIZE = 20;

/** "Was this helpful": signed-in readers vote once (and may change it); visitors are asked to sign in. */
function Helpful({ article, lang }: { article: ArticleDetail; lang: string }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.token !== null);
  const vote = useVoteArticle(lang, article.slug);
  const [busy, setBusy] = useState(false);
  const send = async (helpful: boolean) => {
    setBusy(true);
    try {
      await vote({ id: article.id, helpful });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="help-vote" role="group" aria-label={t('public.help.helpful')}>
      <span>{t('public.help.helpful')}</span>
      {signedIn ? (
        <Space>
          <Button
            icon={<LikeOutlined />}
            type={article.my_vote === true ? 'primary' : 'default'}
            aria-pressed={article.my_vote === true}
            loading={busy}
            onClick={() => void send(true)}
          >
            {t('public.help.yes', { count: article.helpful_yes })}
          </Button>
          <Button
            icon={<DislikeOutlined />}
            type={article.my_vote === false ? 'primary' : 'default'}
            aria-pressed={article.my_vote === false}
            loading={busy}
            onClick={() => void send(false)}
          >
            {t('public.help.no', { count: article.helpful_no })}
          </Button>
          {article.my_vote !== null && (
            <span className="help-vote__thanks">{t('public.help.thanks')}</span>
          )}
        </Space>
      ) : (
        <Link to={loginPath(helpArticlePath(article.slug))}>{t('public.help.signInToVote')}</Link>
      )}
    </div>
  );
}

function ArticleView({ slug, lang }: { slug: string; lang: string }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.token !== null);
  const article = useArticle(lang, slug, signedIn);
  if (article.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!article.data)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('public.help.notFound')}
        action={<Link to={paths.help}>{t('public.help.back')}</Link>}
      />
    );
  const a = article.data;
  return (
    <article className="help-article">
      <nav className="help-article__crumbs">
        <Link to={paths.help}>{t('public.help.title')}</Link>
        <span aria-hidden> / </span>
        <Link to={`${paths.help}?category=${a.category_id}`}>{a.category_name}</Link>
      </nav>
      <h2 className="help-article__title">{a.title}</h2>
      {/* Rendered by the server from Markdown with raw HTML escaped: safe to insert. */}
      <div className="help-article__body" dangerouslySetInnerHTML={{ __html: a.body_html }} />
      <Helpful article={a} lang={lang} />
    </article>
  );
}

/** /help: categories, full-text search in either language, articles, "was this helpful". */
function HelpCenter() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const slug = params.get('article');
  const keyword = params.get('q') ?? '';
  const categoryId = Number(params.get('category')) || undefined;
  const page = Number(params.get('page')) || 1;
  const list = useArticleList(lang, {
    ...(keyword ? { keyword } : {}),
    ...(categoryId ? { category_id: categoryId } : {}),
    page,
    size: PAGE_SIZE,
  });
  const go = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) merged.set(key, value);
    setParams(merged);
    window.scrollTo({ top: 0 });
  };
  const categories = list.data?.categories ?? [];
  const total = categories.reduce((sum, c) => sum + c.count, 0);

  return (
    <>
      <PageHero title={t('public.help.title')} subtitle={t('public.help.subtitle')}>
        <Input.Search
          key={keyword}
          className="help-search"
          size="large"
          allowClear
          enterButton={t('public.help.search')}
          defaultValue={keyword}
          placeholder={t('public.help.searchPlaceholder')}
          aria-label={t('public.help.searchPlaceholder')}
          maxLength={64}
          onSearch={(value) => go({ q: value.trim() || undefined })}
        />
      </PageHero>
      <section className="site-container help-layout">
        <nav className="help-categories" aria-label={t('public.help.categories')}>
          <button
            type="button"
            className={!categoryId && !keyword ? 'help-category is-active' : 'help-category'}
            onClick={() => go({})}
          >
            {t('public.help.all')} <span>{total}</span>
          </button>
          {categories.map((c) => (
            <button
              key={c.id}
              type="button"
              className={categoryId === c.id ? 'help-category is-active' : 'help-category'}
              onClick={() => go({ category: String(c.id) })}
            >
              {c.name} <span>{c.count}</span>
            </button>
          ))}
        </nav>
        <div className="help-main">
          {slug ? (
            <ArticleView slug={slug} lang={lang} />
          ) : list.isLoading ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : list.isError ? (
            <Alert type="error" showIcon message={t('public.help.loadFailed')} />
          ) : list.data?.list.length ? (
            <>
              {keyword && (
                <p className="help-results">
                  {t('public.help.results', { count: list.data.pagination.total, keyword })}
                </p>
              )}
              <ul className="help-list">
                {list.data.list.map((a) => (
                  <li key={a.id}>
                    <Link to={helpArticlePath(a.slug)} className="help-list__title">
                      {a.title}
                    </Link>
                    <p className="help-list__summary">{a.summary}</p>
                  </li>
                ))}
              </ul>
              {list.data.pagination.total > PAGE_SIZE && (
                <Pagination
                  current={page}
                  pageSize={PAGE_SIZE}
                  total={list.data.pagination.total}
                  onChange={(p) =>
                    go({
                      q: keyword || undefined,
                      category: categoryId ? String(categoryId) : undefined,
                      page: String(p),
                    })
                  }
                />
              )}
            </>
          ) : (
            <Empty description={t('public.help.noResults', { keyword })} />
          )}
        </div>
      </section>
    </>
  );
}

export const HelpPage = withQueries(HelpCenter);
