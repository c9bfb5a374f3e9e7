import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { locales } from './contract/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...locales],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
    },
    {
      // The server's e-mails: message descriptors with explicit ids, read at run time by server/mail/i18n.ts.
      path: '<rootDir>/locales/{locale}/mail',
      include: ['server/mail'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
