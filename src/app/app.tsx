import { LocaleProvider } from '@ark-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router';

type AppProps = {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  locale: string;
};

export function App({ router, queryClient, locale }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      {/* Ark UI reads direction (rtl for Arabic) from here, not from <html dir>. */}
      <LocaleProvider locale={locale}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </LocaleProvider>
    </I18nProvider>
  );
}
