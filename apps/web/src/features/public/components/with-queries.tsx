import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../shared/query-client.ts';

/**
 * The catalogue pages load data like the console does, but the public layout has no query
 * client (the marketing pages need none, and the signed-in frame provides its own).
 */
export function withQueries<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
