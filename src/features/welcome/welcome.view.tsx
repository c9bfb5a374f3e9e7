import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { grid, stack, wrap } from '../../../styled-system/patterns';
import { BrandLogo } from '../../components/brand-logo';
import { InternalLink, type Navigate } from '../../components/internal-link';
import { buttonLook } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Heading, Text } from '../../components/ui/text';
import type { AppDownload } from '../../lib/app-downloads';
import { pageLinks } from '../../lib/page-links';
import { card } from '../../theme/recipes/card';
import { textLink } from '../../theme/recipes/link';

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

const actions = wrap({ gap: '2', align: 'center' });

/** One reason to choose the product, in a card of the row of three. */
function Benefit({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className={card().root}>
      <Heading as="h3" level="subsection">
        {title}
      </Heading>
      <Text tone="muted">{children}</Text>
    </li>
  );
}

/**
 * The page the apps open for a visitor (/welcome): the pitch, the ways in, and the apps. Someone
 * already signed in is offered their account instead of the sign-in and sign-up links.
 */
export function WelcomeView({ productName, visitor, apps, onNavigate }: WelcomeViewProps) {
  const { t } = useLingui();
  const email = visitor.kind === 'signedIn' ? visitor.email : '';
  return (
    <div className={stack({ gap: '6', maxWidth: '60rem', marginInline: 'auto', width: '100%' })}>
      <header className={stack({ gap: '3' })}>
        <BrandLogo />
        <Heading as="h1" level="page">
          <Trans>Welcome to {productName}</Trans>
        </Heading>
        <Text size="lg">
          <Trans>More stable and secure live streaming, video calls, gaming and web browsing.</Trans>
        </Text>
      </header>

      {visitor.kind === 'signedIn' ? (
        <Card
          title={<Trans>You are signed in</Trans>}
          titleId="welcome-start-title"
          description={
            <Trans>
              Signed in as <bdi dir="ltr">{email}</bdi>.
            </Trans>
          }
        >
          <div className={actions}>
            <InternalLink href={visitor.accountHref} onNavigate={onNavigate} className={buttonLook()}>
              <Trans>Go to your account</Trans>
            </InternalLink>
          </div>
        </Card>
      ) : (
        <Card
          title={<Trans>Get started</Trans>}
          titleId="welcome-start-title"
          description={<Trans>Create your account in a minute, or sign in to the one you have.</Trans>}
        >
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
        </Card>
      )}

      <section aria-labelledby="welcome-why-title" className={stack({ gap: '3' })}>
        <Heading as="h2" level="section" id="welcome-why-title">
          <Trans>Why {productName}</Trans>
        </Heading>
        <ul className={grid({ columns: { base: 1, md: 3 }, gap: '4' })}>
          <Benefit title={<Trans>Steady</Trans>}>
            <Trans>
              Your connections are bonded into one, so a call or a stream keeps going when one of them falters.
            </Trans>
          </Benefit>
          <Benefit title={<Trans>Secure</Trans>}>
            <Trans>Everything you send is encrypted on its way, on any network you use.</Trans>
          </Benefit>
          <Benefit title={<Trans>Everywhere</Trans>}>
            <Trans>One account for your computers, phones, tablets and routers.</Trans>
          </Benefit>
        </ul>
      </section>

      <Card title={<Trans>Get the apps</Trans>} titleId="welcome-apps-title">
        <ul className={actions}>
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
        <Text tone="muted">
          <Trans>
            After installing, sign in with your account, or link the app with the code it shows on{' '}
            <InternalLink href={pageLinks.activate} onNavigate={onNavigate} className={textLink}>
              the activation page
            </InternalLink>
            .
          </Trans>
        </Text>
      </Card>
    </div>
  );
}
