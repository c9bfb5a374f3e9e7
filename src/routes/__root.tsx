import { createRootRouteWithContext, HeadContent, Outlet, useMatch } from '@tanstack/react-router';
import { css } from '../../styled-system/css';
import type { RouterContext } from '../app/router-context';
import { Footer } from '../components/footer';
import { OnDemandHosts } from '../components/on-demand-hosts';
import { PageMain } from '../components/page-main';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

/**
 * The page frame: one <main> and the footer. Signed-in pages bring their own header (the banner)
 * and place <main> after it themselves, so that code loads with them and never on public pages.
 */
function RootLayout() {
  const signedInFrame = useMatch({ from: '/_signedIn', shouldThrow: false }) !== undefined;
  return (
    <div className={css({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <HeadContent />
      {signedInFrame ? (
        <Outlet />
      ) : (
        <PageMain>
          <Outlet />
        </PageMain>
      )}
      <Footer />
      <OnDemandHosts />
    </div>
  );
}
