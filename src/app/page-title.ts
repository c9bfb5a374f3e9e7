import { config } from '../lib/config';

/** "Device Activation | Bondline": the route's title, then the product. */
export function pageTitle(routeTitle: string, productName: string = config.productName): string {
  return `${routeTitle} | ${productName}`;
}

export function titleHead(routeTitle: string) {
  return { meta: [{ title: pageTitle(routeTitle) }] };
}
