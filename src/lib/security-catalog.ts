import { type Catalog, loadCatalogOf } from './i18n';

/**
 * The ways to sign in's messages (linked sign-ins, passkeys, two-step sign-in, "Confirm it's you"):
 * loaded by those lazily loaded parts, so neither the sign-in page's entry nor the other signed-in
 * pages carry them or their loaders.
 */
const securityCatalogs = import.meta.glob<Catalog>('../../locales/*/security.po');

export const loadSecurityCatalog = () => loadCatalogOf('security', securityCatalogs);
