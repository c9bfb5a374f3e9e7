import type { LazyQueryClient } from './lazy-query-client';
import type { SessionActor } from './session';

export type RouterContext = {
  queries: LazyQueryClient;
  session: SessionActor;
};
