import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { grid, hstack } from '../../styled-system/patterns';
import { heading } from '../theme/recipes/text';
import { BrandLogo } from './brand-logo';

/** The framed box of a public account form (sign in, sign up, password reset). */
export const authPanel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  padding: '6',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l3',
  bg: 'canvas',
});

/** A public account page: the product's mark and the page's heading above its content. */
export function AuthPage({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <div className={grid({ gap: '6', maxWidth: '26rem', marginInline: 'auto', width: '100%' })}>
      <header className={hstack({ gap: '3' })}>
        <BrandLogo />
        {/* Focusable by script, so a flow can move focus to the new step's heading. */}
        <h1 id={titleId} tabIndex={-1} className={heading({ level: 'page' })}>
          {title}
        </h1>
      </header>
      {children}
    </div>
  );
}
