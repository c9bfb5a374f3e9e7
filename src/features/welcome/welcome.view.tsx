import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from '../../../styled-system/css';
import { BrandLogo } from '../../components/brand-logo';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { buttonLook } from '../../components/ui/button';
import { card, cardTitle } from '../../components/ui/card';
import { textLink } from '../../components/ui/link';
import type { AppDownload } from '../../lib/app-downloads';
import { pageLinks } from '../../lib/page-links';

/** Who is looking: a visitor is offered sign-in and sign-up, someone signed in their account. */
export type WelcomeVisitor =
  | { kind: 'visitor'; signInHref: string; createAccountHref: string }
  | { kind: 'signedIn'; email: string; accountHref: string };

export type WelcomeViewProps = {
  productName: string;
  visitor: WelcomeVisitor;
  apps: readonly AppDownload[];
  onNavigate: Navigate;
};

const muted = css({ color: 'fg.muted' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const benefits = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
  listStyle: 'none',
});

/**
 * The page the apps open for a visitor (/welcome): the pitch, the ways in, and the apps. Someone
 * already signed in is offered their account instead of the sign-in and sign-up links.
 */
export function WelcomeView({ productName, visitor, apps, onNavigate }: WelcomeViewProps) {
  const { t } = useLingui();
  const email = visitor.kind === 'signedIn' ? visitor.email : '';
  return (
    <div className={css({ display: 'grid', gap: '6', maxWidth: '60rem', marginInline: 'auto', width: '100%' })}>
      <header className={css({ display: 'grid', gap: '3' })}>
        <BrandLogo />
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          <Trans>Welcome to {productName}</Trans>
        </h1>
        <p className={css({ fontSize: 'lg' })}>
          <Trans>More stable and secure live streaming, video calls, gaming and web browsing.</Trans>
        </p>
      </header>

      <section aria-labelledby="welcome-start-title" className={card}>
        {visitor.kind === 'signedIn' ? (
          <>
            <h2 id="welcome-start-title" className={cardTitle}>
              <Trans>You are signed in</Trans>
            </h2>
            <p className={muted}>
              <Trans>
                Signed in as <bdi dir="ltr">{email}</bdi>.
              </Trans>
            </p>
            <div className={actions}>
              <InternalLink href={visitor.accountHref} onNavigate={onNavigate} className={buttonLook()}>
                <Trans>Go to your account</Trans>
              </InternalLink>
            </div>
          </>
        ) : (
          <>
            <h2 id="welcome-start-title" className={cardTitle}>
              <Trans>Get started</Trans>
            </h2>
            <p className={muted}>
              <Trans>Create your account in a minute, or sign in to the one you have.</Trans>
            </p>
            <div className={actions}>
              <InternalLink href={visitor.createAccountHref} onNavigate={onNavigate} className={buttonLook()}>
                <Trans>Create an account</Trans>
              </InternalLink>
              <InternalLink
                href={visitor.signInHref}
                onNavigate={onNavigate}
                className={buttonLook({ variant: 'outline' })}
              >
                <Trans>Sign in</Trans>
              </InternalLink>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="welcome-why-title" className={css({ display: 'grid', gap: '3' })}>
        <h2 id="welcome-why-title" className={cardTitle}>
          <Trans>Why {productName}</Trans>
        </h2>
        <ul className={benefits}>
          <li className={card}>
            <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
              <Trans>Steady</Trans>
            </h3>
            <p className={muted}>
              <Trans>
                Your connections are bonded into one, so a call or a stream keeps going when one of them falters.
              </Trans>
            </p>
          </li>
          <li className={card}>
            <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
              <Trans>Secure</Trans>
            </h3>
            <p className={muted}>
              <Trans>Everything you send is encrypted on its way, on any network you use.</Trans>
            </p>
          </li>
          <li className={card}>
            <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
              <Trans>Everywhere</Trans>
            </h3>
            <p className={muted}>
              <Trans>One account for your computers, phones, tablets and routers.</Trans>
            </p>
          </li>
        </ul>
      </section>

      <section aria-labelledby="welcome-apps-title" className={card}>
        <h2 id="welcome-apps-title" className={cardTitle}>
          <Trans>Get the apps</Trans>
        </h2>
        <ul className={cx(actions, css({ listStyle: 'none' }))}>
          {apps.map(({ platform, href }) => (
            <li key={platform}>
              <a
                href={href}
                aria-label={t`${productName} for ${platform}`}
                className={buttonLook({ variant: 'outline' })}
              >
                {platform}
              </a>
            </li>
          ))}
        </ul>
        <p className={muted}>
          <Trans>
            After installing, sign in with your account, or link the app with the code it shows on{' '}
            <InternalLink href={pageLinks.activate} onNavigate={onNavigate} className={textLink}>
              the activation page
            </InternalLink>
            .
          </Trans>
        </p>
      </section>
    </div>
  );
}
