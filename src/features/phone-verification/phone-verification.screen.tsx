import { useLingui } from '@lingui/react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { SessionClaims } from '../../../contract/auth';
import { phoneVerificationMachine } from '../../../machines/phoneVerification/phoneVerification.machine';
import { type RedirectTarget, regionFromLocale } from '../../app/guards';
import { navigateTo } from '../../app/navigate';
import { addPhone, requestCode, verifyCode } from './phone-verification.actors';
import { PhoneVerificationView } from './phone-verification.view';

type PhoneNumbers = typeof import('./phone-numbers');

/** libphonenumber, loaded beside the first render: until then the chooser offers the first region only. */
function usePhoneNumbers(): PhoneNumbers | null {
  const [phoneNumbers, setPhoneNumbers] = useState<PhoneNumbers | null>(null);
  useEffect(() => {
    let mounted = true;
    void import('./phone-numbers').then((module) => {
      if (mounted) setPhoneNumbers(module);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return phoneNumbers;
}

type PhoneVerificationScreenProps = {
  /** On /phone-number-verification: the number the code was sent to. */
  phone?: string;
  /** The `redirect` search parameter as it came, kept through the flow. */
  redirect?: string;
  continueTarget: RedirectTarget;
  /** The session now carries the phone: the app takes the new claims. */
  onVerified: (user: SessionClaims) => void;
};

/** Owns the phone verification flow on its two signed-in routes, and moves between them. */
export function PhoneVerificationScreen({ phone, redirect, continueTarget, onVerified }: PhoneVerificationScreenProps) {
  const router = useRouter();
  const { i18n } = useLingui();
  const phoneNumbers = usePhoneNumbers();
  const withRedirect = (path: string, search: Record<string, string>) => {
    const params = new URLSearchParams(search);
    if (redirect) params.set('redirect', redirect);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
  const actor = useActorRef(
    phoneVerificationMachine.provide({
      actors: { requestCode, verifyCode, addPhone },
      actions: {
        codeSent: ({ context }) => {
          if (context.phone)
            void navigateTo(router, withRedirect('/phone-number-verification', { phone: context.phone }));
        },
        phoneVerified: ({ context }) => {
          if (context.verifiedUser) onVerified(context.verifiedUser);
          void navigateTo(router, withRedirect('/phone-number-verification-success', {}));
        },
      },
    }),
    // The chooser starts at the browser's region (the United States when its languages name none).
    { input: { region: regionFromLocale(navigator.languages) ?? 'US', phone } },
  );
  const snapshot = useSelector(actor, (state) => state);
  // Once the code is sent, this machine shows the code field until the verification page replaces
  // it with its own: with that page's code here ahead of time, it does so at once, before a key lands.
  useEffect(() => {
    if (!phone) void router.preloadRoute({ to: '/phone-number-verification' });
  }, [phone, router]);
  const { region } = snapshot.context;
  const regions = useMemo(
    () =>
      phoneNumbers?.regionOptionsFor(i18n.locale) ?? [
        { region, name: new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(region) ?? region },
      ],
    [phoneNumbers, i18n.locale, region],
  );
  return (
    <PhoneVerificationView
      snapshot={snapshot}
      send={actor.send}
      regions={regions}
      formatPhone={phoneNumbers?.formattedPhone ?? ((number) => number)}
      continueTarget={continueTarget}
      numberStepHref={withRedirect('/phone-number-input', {})}
      onNavigate={(href) => void navigateTo(router, href)}
    />
  );
}
