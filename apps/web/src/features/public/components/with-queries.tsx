import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../shared/query-client.ts';
import { AntdTheme } from '../../../shared/ui/antd-theme.tsx';

/**
 * The catalogue pages load data and show antd components like the console does, but the public
 * layout has neither a query client nor antd's theme: the marketing pages need none (and do not
 * download antd), and the signed-in frame provides its own.
 */
export function withQueries<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    return (
      <AntdTheme>
        <QueryClientProvider client={queryClient}>
          <Page {...props} />
        </QueryClientProvider>
      </AntdTheme>
    );
  };
}
