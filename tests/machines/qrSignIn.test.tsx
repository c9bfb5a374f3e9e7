import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { SessionClaims } from '../../contract/auth';
import type { CreateQrSignInRequest, QrSignInCreated } from '../../contract/qr-sign-in';
import { qrSignInMachine } from '../../machines/qrSignIn/qrSignIn.machine';
import { QrSignInView } from '../../src/features/qr-sign-in/qr-sign-in.view';
import { TestI18n } from '../support/i18n';
import { describeModel } from '../support/model-based';
import { approver, firstMatchNumber, firstRequestId, origin, qrSignInModel, validitySeconds } from './qrSignIn.cases';

const input = { validitySeconds };

const expectNewCodeOffered = () => expect(screen.getByRole('button', { name: 'Show a new QR code' })).toBeEnabled();

describeModel('qrSignIn', {
  machine: qrSignInMachine,
  ...qrSignInModel,
  states: {
    requesting: {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Getting a QR code…'),
    },
    renewing: {
      machine: (snapshot) => expect(snapshot.context.requestId).toBe(firstRequestId),
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Getting a QR code…'),
    },
    showing: {
      machine: (snapshot) => expect(snapshot.context).toMatchObject({ requestId: firstRequestId, matchNumber: 42 }),
      view: (screen, snapshot) => {
        expect(screen.getByRole('img', { name: 'QR code for signing in from another device' })).toBeVisible();
        const matchNumber = screen.getByText(String(firstMatchNumber));
        expect(matchNumber.tagName).toBe('STRONG');
        expect(matchNumber.parentElement).toHaveTextContent(/^Pick 42 on your other device$/);
        expect(screen.getByText(`Valid for ${snapshot.context.secondsLeft} more seconds`)).toBeVisible();
        expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
        const { linkCopy } = snapshot.context;
        if (linkCopy === 'copied') expect(screen.getByRole('status')).toHaveTextContent('Link copied');
        else if (linkCopy === 'failed')
          expect(screen.getByRole('status')).toHaveTextContent('Your browser did not let us copy the link.');
        else expect(screen.getByRole('status')).toBeEmptyDOMElement();
        // A refused clipboard leaves the link to copy by hand; otherwise the code is the way.
        if (linkCopy === 'failed')
          expect(screen.getByRole('textbox', { name: 'Sign-in link' })).toHaveValue(
            `${origin}/qrcode-login/${firstRequestId}`,
          );
        else expect(screen.queryByRole('textbox')).toBeNull();
      },
    },
    signingIn: {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Approved. Signing you in…'),
    },
    signedIn: {
      view: (screen) => expect(screen.getByRole('status')).toHaveTextContent('Approved. Signing you in…'),
    },
    declined: {
      view: (screen) => {
        expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was declined on the other device.');
        expectNewCodeOffered();
      },
    },
    failed: {
      view: (screen, snapshot) => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          snapshot.context.failure === 'rateLimited'
            ? 'Too many QR codes were asked for from your network.'
            : 'We could not get a QR code right now.',
        );
        expectNewCodeOffered();
      },
    },
  },
  drivers: {
    'user.copyLink': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Copy link' })),
    'user.retry': async ({ user, screen }) => user.click(screen.getByRole('button', { name: 'Show a new QR code' })),
  },
});

/** The machine with actors the test controls, on a clock it moves. */
function startQrSignIn({ answers }: { answers: Array<'approved' | 'declined' | 'expired' | 'never'> }) {
  const clock = new SimulatedClock();
  const requests: CreateQrSignInRequest[] = [];
  const copied: string[] = [];
  const signedIn: SessionClaims[] = [];
  let ticks: (() => void) | undefined;
  const machine = qrSignInMachine.provide({
    actors: {
      createRequest: fromPromise<QrSignInCreated, CreateQrSignInRequest>(async ({ input }) => {
        requests.push(input);
        return { id: `request-${requests.length}`, matchNumber: 10 + requests.length };
      }),
      waitForAnswer: fromPromise(async () => {
        const next = answers.shift() ?? 'never';
        if (next === 'never') return new Promise<never>(() => {});
        return next;
      }),
      signIn: fromPromise<SessionClaims, { id: string }>(async () => approver),
      clock: fromCallback(({ sendBack }) => {
        ticks = () => sendBack({ type: 'clock.tick' });
        return () => {
          ticks = undefined;
        };
      }),
    },
    actions: {
      copyLink: ({ self }, { id }) => {
        copied.push(id);
        self.send({ type: 'clipboard.copied' });
      },
      completeSignIn: (_, user) => signedIn.push(user),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  return { actor, clock, requests, copied, signedIn, tick: () => ticks?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('qrSignIn machine in time', () => {
  it('counts the validity down each second and, when it runs out, shows a new code that replaces the old', async () => {
    const { actor, clock, requests, tick } = startQrSignIn({ answers: ['never', 'never'] });
    await settle();
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(validitySeconds);
    tick();
    tick();
    expect(actor.getSnapshot().context.secondsLeft).toBe(validitySeconds - 2);
    clock.increment(validitySeconds * 1000 - 1);
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 'request-1', matchNumber: 11 });
    clock.increment(1);
    await settle();
    expect(requests).toEqual([{}, { replaces: 'request-1' }]);
    // The new code comes with its own number.
    expect(actor.getSnapshot().context).toMatchObject({
      requestId: 'request-2',
      matchNumber: 12,
      secondsLeft: validitySeconds,
    });
  });

  it('copies the link of the code shown, and signs in with the approved request once', async () => {
    const { actor, copied, signedIn } = startQrSignIn({ answers: ['approved'] });
    actor.send({ type: 'user.copyLink' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(signedIn).toEqual([approver]);
    const other = startQrSignIn({ answers: ['never'] });
    await settle();
    other.actor.send({ type: 'user.copyLink' });
    expect(other.copied).toEqual(['request-1']);
    expect(other.actor.getSnapshot().context.linkCopy).toBe('copied');
    expect(copied).toEqual([]);
  });

  it('a declined code is not replaced until the person asks for a new one', async () => {
    const { actor, clock, requests } = startQrSignIn({ answers: ['declined', 'never'] });
    await settle();
    expect(actor.getSnapshot().matches('declined')).toBe(true);
    clock.increment(validitySeconds * 1000);
    expect(requests).toHaveLength(1);
    actor.send({ type: 'user.retry' });
    await settle();
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(requests).toHaveLength(2);
  });
});

describe('qrSignIn view', () => {
  it('says "second" for the last one', () => {
    render(
      <TestI18n>
        <QrSignInView
          snapshot={{
            context: {
              validitySeconds,
              requestId: firstRequestId,
              matchNumber: firstMatchNumber,
              secondsLeft: 1,
              linkCopy: 'none',
              failure: null,
            },
            hasTag: () => false,
            matches: ((state: string) => state === 'showing') as never,
          }}
          send={vi.fn()}
          origin={origin}
        />
      </TestI18n>,
    );
    expect(screen.getByText('Valid for 1 more second')).toBeVisible();
  });
});
