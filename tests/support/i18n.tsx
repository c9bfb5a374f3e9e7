import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';

/** Tests render the source strings: English, with no catalog. */
export function TestI18n({ children }: { children: ReactNode }) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
