import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';

export type Navigate = (href: string) => void;

type InternalLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; onNavigate: Navigate };

/**
 * A link to a page of the portal that a pure view can render: a real <a href> (new tab, copy link
 * and screen readers work as usual), while a plain click is handed to `onNavigate`, which the
 * screen turns into the router's navigation.
 */
export const InternalLink = forwardRef<HTMLAnchorElement, InternalLinkProps>(function InternalLink(
  { href, onNavigate, onClick, ...props },
  ref,
) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const opensElsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || opensElsewhere) return;
    event.preventDefault();
    onNavigate(href);
  };
  return <a ref={ref} href={href} onClick={follow} {...props} />;
});

/**
 * Whether a link leads to the page being shown: the same path, and every search parameter the link
 * names has the same value (so /subscription?referenceId=a is not current on ?referenceId=b).
 */
export function isCurrentPage(href: string, current: { pathname: string; search: string }): boolean {
  const target = new URL(href, 'http://portal.invalid');
  if (target.pathname !== current.pathname) return false;
  const currentSearch = new URLSearchParams(current.search);
  return [...target.searchParams].every(([name, value]) => currentSearch.get(name) === value);
}

/**
 * For an Ark UI menu whose items are internal links, chosen by keyboard: a real click on the item,
 * as a pointer gives, so the menu closes and the link's own handler hands it to the router. (The
 * menu's default dispatches a click that does not bubble: React never sees it, the browser loads
 * the whole page again and the menu stays open.)
 */
export function clickLinkItem({ node }: { node: HTMLAnchorElement }): void {
  node.click();
}
