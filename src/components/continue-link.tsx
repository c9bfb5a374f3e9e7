import type { ReactNode } from 'react';
import type { RedirectTarget } from '../app/guards';
import { InternalLink, type Navigate } from './internal-link';

/** A link to the flow's redirect: the router for the portal's pages, a full load for the order site. */
export function ContinueLink({
  target,
  onNavigate,
  className,
  children,
}: {
  target: RedirectTarget;
  onNavigate: Navigate;
  className?: string;
  children: ReactNode;
}) {
  return target.kind === 'internal' ? (
    <InternalLink href={target.href} onNavigate={onNavigate} className={className}>
      {children}
    </InternalLink>
  ) : (
    <a href={target.href} className={className}>
      {children}
    </a>
  );
}
