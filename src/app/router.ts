import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from './router-context';
import { rerunGuardsWhenCheckFindsUser } from './session';

/** The app's router; tests pass a memory history. */
export function createAppRouter(context: RouterContext, options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...options,
  });
  rerunGuardsWhenCheckFindsUser(context.session, () => void router.invalidate());
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
