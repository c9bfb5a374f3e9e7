import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadCatalog } from '../lib/i18n';

/**
 * The public pages other than sign-in and sign-up (welcome, QR approval, the sign-in callback, the
 * phone success page): their messages are a catalog of their own (lingui.config.ts), loaded here, so
 * the sign-in page never downloads them.
 */
export const Route = createFileRoute('/_visitor')({
  beforeLoad: () => loadCatalog('visitor'),
  component: Outlet,
});
