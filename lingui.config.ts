import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { locales } from './src/lib/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...locales],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
