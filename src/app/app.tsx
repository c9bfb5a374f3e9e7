import { LocaleProvider } from '@ark-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router';

type AppProps = {
  router: ReturnType<typeof createAppRouter>;
  locale: string;
};

export function App({ router, locale }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      {/* Ark UI reads direction (rtl for Arabic) from here, not from <html dir>. */}
      <LocaleProvider locale={locale}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </I18nProvider>
  );
}
