import './index.css';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loginSearchFor } from './app/guards';
import { lazyQueryClient } from './app/lazy-query-client';
import { createAppRouter } from './app/router';
import { createSessionActor } from './app/session';
import { startThemeSync } from './app/theme-sync';
import { setUnauthorizedHandler } from './lib/api-client';
import { config } from './lib/config';
import { activateLocale, detectLocale } from './lib/i18n';
import { notify } from './lib/notify';

/**
 * Start-up runs in several short tasks rather than one long one, so the browser can paint and answer
 * input in between (a phone's CPU turns each step into tens of milliseconds).
 */
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextTask = () => delay(0);
const firstRenderWaitMs = 100;

async function boot(): Promise<void> {
  startThemeSync();
  const locale = detectLocale(navigator.languages);
  const catalogue = activateLocale(locale);

  const queries = lazyQueryClient(() =>
    import('./lib/query-client').then(({ createQueryClient }) => createQueryClient()),
  );

  const session = createSessionActor({
    queries,
    redirectToLogin: () => {
      const { pathname, searchStr } = router.state.location;
      const search = pathname === '/login' ? {} : loginSearchFor({ pathname, searchStr });
      void router.navigate({ to: '/login', search, replace: true });
    },
    notifyRefreshFailed: () => {
      const supportEmail = config.supportEmail;
      notify({
        tone: 'error',
        title: i18n._(msg`Something went wrong`),
        description: i18n._(msg`Please contact support at ${supportEmail}.`),
      });
    },
  });
  // The check goes out before the router is built, since signed-in pages wait for its answer. Guards
  // read the session when they run, and run again if the check finds someone signed in.
  session.start();
  session.send({ type: 'session.check' });
  await catalogue;
  await nextTask();
  const router = createAppRouter({ queries, session });
  setUnauthorizedHandler(() => session.send({ type: 'session.unauthorized' }));
  // The first render waits until the router has matched the page and loaded its code, so React renders
  // the page in one pass instead of an empty shell and then the page again; but for 100 ms at most, so a
  // page that waits for a slow session check shows "Loading your account…" without a noticeable delay.
  await Promise.race([router.load().catch(console.error), delay(firstRenderWaitMs)]);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const reactRoot = createRoot(root);
  // As a transition, React renders the first screen in slices and yields between them.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} locale={locale} />
      </StrictMode>,
    ),
  );

  // Error reporting loads after the first screen, so it never weighs on sign-in.
  if (config.sentryDsn) {
    const { startErrorReporting } = await import('./lib/error-reporting');
    startErrorReporting({ dsn: config.sentryDsn, environment: config.environment });
  }
}

void boot();
