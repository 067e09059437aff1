import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ArticleDetail,
  ArticleListQuery,
  ArticleListResult,
  ArticleVoteInput,
  ArticleVotes,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/** The help center's reader calls; answers are in the reader's language, so keyed by it. */
const helpKeys = {
  all: ['help'] as const,
  list: (lang: string, query: Partial<ArticleListQuery>) =>
    [...helpKeys.all, 'list', lang, query] as const,
  article: (lang: string, slug: string, signedIn: boolean) =>
    [...helpKeys.all, 'article', lang, slug, signedIn] as const,
};

export function useArticleList(lang: string, query: Partial<ArticleListQuery>) {
  return useQuery({
    queryKey: helpKeys.list(lang, query),
    queryFn: ({ signal }) =>
      api.get<ArticleListResult>('/common/get-article-list', query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(lang: string, slug: string | null, signedIn: boolean) {
  return useQuery({
    queryKey: helpKeys.article(lang, slug ?? '', signedIn),
    queryFn: ({ signal }) =>
      api.get<ArticleDetail>('/common/article-info', { slug: slug! }, { signal }),
    enabled: slug !== null,
  });
}

/** A vote answers the new tally, written straight into the article's cache. */
export function useVoteArticle(lang: string, slug: string) {
  const client = useQueryClient();
  return async (input: ArticleVoteInput) => {
    const votes = await api.post<ArticleVotes>('/common/article-vote', input);
    client.setQueryData<ArticleDetail>(helpKeys.article(lang, slug, true), (old) =>
      old ? { ...old, ...votes } : old,
    );
  };
}
