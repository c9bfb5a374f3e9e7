import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's QueryClient, created the first time a page reads server data: TanStack Query's code
 * then comes with that page instead of weighing on sign-in and the other public pages.
 */
export type LazyQueryClient = {
  /** The client, once some page has needed it; before that nothing is cached. */
  current: () => QueryClient | undefined;
  /** The client, created on the first call. */
  load: () => Promise<QueryClient>;
};

export function lazyQueryClient(create: () => Promise<QueryClient>): LazyQueryClient {
  let client: QueryClient | undefined;
  let loading: Promise<QueryClient> | undefined;
  return {
    current: () => client,
    load: () => {
      loading ??= create().then((created) => {
        client = created;
        return created;
      });
      return loading;
    },
  };
}
