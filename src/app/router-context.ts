import type { QueryClient } from '@tanstack/react-query';
import type { SessionActor } from './session';

export type RouterContext = {
  queryClient: QueryClient;
  session: SessionActor;
};
