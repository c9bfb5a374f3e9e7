import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { css } from '../../styled-system/css';
import type { RouterContext } from '../app/router-context';
import { Footer } from '../components/footer';
import { OnDemandHosts } from '../components/on-demand-hosts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <div className={css({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <HeadContent />
      <main
        className={css({
          flex: '1',
          width: '100%',
          maxWidth: '60rem',
          marginInline: 'auto',
          paddingInline: '4',
          paddingBlock: '8',
        })}
      >
        <Outlet />
      </main>
      <Footer />
      <OnDemandHosts />
    </div>
  );
}
