import { useLingui } from '@lingui/react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
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
  /** The number the address names (/phone-number-verification?phone=…); none on the number step. */
  phone?: string;
  /** The `redirect` search parameter as it came, kept through the flow. */
  redirect?: string;
  continueTarget: RedirectTarget;
  /** The session now carries the phone: the app takes the new claims. */
  onVerified: (user: SessionClaims) => void;
};

type PhoneVerificationFlowProps = Omit<PhoneVerificationScreenProps, 'phone'> & {
  /** The number whose code the flow starts at; none to start at the number. */
  startPhone: string | undefined;
  /** The number the address names now. */
  addressPhone: string | undefined;
  /** The address names a number this flow is not at: a new flow starts at its code. */
  onRestartAt: (phone: string) => void;
};

function PhoneVerificationFlow({
  startPhone,
  addressPhone,
  onRestartAt,
  redirect,
  continueTarget,
  onVerified,
}: PhoneVerificationFlowProps) {
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
    { input: { region: regionFromLocale(navigator.languages) ?? 'US', phone: startPhone } },
  );
  const snapshot = useSelector(actor, (state) => state);
  // The address leads the flow back: the number step's address (Use another number, the browser's
  // Back) returns it to the number; a number it is not at (Forward, an address typed in) starts anew.
  // A code sent moves the address to the number the flow is already at, so nothing changes then.
  useEffect(() => {
    const flowPhone = actor.getSnapshot().context.phone;
    if (addressPhone === undefined && flowPhone !== null) actor.send({ type: 'user.chooseAnotherNumber' });
    else if (addressPhone !== undefined && addressPhone !== flowPhone) onRestartAt(addressPhone);
  }, [actor, addressPhone, onRestartAt]);
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

/**
 * The phone verification flow on its two signed-in routes, rendered once by their pathless layout
 * (routes/_signedIn/_phone.tsx): one actor and one screen for both, so the move from the number's
 * address to the code's keeps the machine and the focused field, and no key typed meanwhile is lost.
 */
export function PhoneVerificationScreen({ phone, ...props }: PhoneVerificationScreenProps) {
  const [flow, setFlow] = useState({ attempt: 0, startPhone: phone });
  const restartAt = useCallback(
    (startPhone: string) => setFlow(({ attempt }) => ({ attempt: attempt + 1, startPhone })),
    [],
  );
  return (
    <PhoneVerificationFlow
      key={flow.attempt}
      {...props}
      startPhone={flow.startPhone}
      addressPhone={phone}
      onRestartAt={restartAt}
    />
  );
}
