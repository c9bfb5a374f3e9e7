import { Trans } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';

/** A screen whose flow comes in a later release: its title, and an honest word about it. */
export function PlaceholderView({ title }: { title: string }) {
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</h1>
      <p className={css({ color: 'fg.muted' })}>
        <Trans>This page is not available yet.</Trans>
      </p>
      <p>
        <a href="/account" className={css({ color: 'accent.default', textDecoration: 'underline' })}>
          <Trans>Back to your account</Trans>
        </a>
      </p>
    </section>
  );
}
