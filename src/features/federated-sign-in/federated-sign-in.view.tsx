import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { SignInProvider } from '../../../contract/federated-sign-in';
import type {
  FederatedSignInEvent,
  federatedSignInMachine,
} from '../../../machines/federatedSignIn/federatedSignIn.machine';
import { css } from '../../../styled-system/css';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/email-field';
import { federatedSignInMessageText, signInUnavailable } from './federated-sign-in.messages';

export type FederatedSignInViewProps = {
  snapshot: Pick<SnapshotFrom<typeof federatedSignInMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: FederatedSignInEvent) => void;
  /** The configured providers: a button for each social one, the company account for the enterprise one. */
  providers: readonly SignInProvider[];
};

const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });

/** The provider buttons of the sign-in page's "Other ways to sign in", and the work address for company sign-in. */
export function FederatedSignInView({ snapshot, send, providers }: FederatedSignInViewProps) {
  const { t, i18n } = useLingui();
  const { provider: startingProvider, workEmail, workEmailError, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const social = providers.filter((provider) => provider.id !== 'enterprise');
  const company = providers.find((provider) => provider.id === 'enterprise');
  const refusal = failure ? (
    <Alert>
      {failure.message !== null ? federatedSignInMessageText(i18n, failure.message) : i18n._(signInUnavailable)}
    </Alert>
  ) : null;

  if (providers.length === 0) return null;

  const leavingForCompany = snapshot.matches('leavingForProvider') && startingProvider === null;
  if (snapshot.matches('enteringWorkEmail') || snapshot.matches('findingCompany') || leavingForCompany) {
    const finding = snapshot.matches('findingCompany') || leavingForCompany;
    return (
      <form
        noValidate
        aria-labelledby="company-sign-in"
        className={stack}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.continueWithCompany' });
        }}
      >
        <h3 id="company-sign-in" className={css({ fontWeight: 'semibold' })}>
          <Trans>Sign in with your company account</Trans>
        </h3>
        {refusal}
        <EmailField
          label={t`Work e-mail address`}
          name="work-email"
          autoComplete="email"
          value={workEmail}
          disabled={busy}
          autoFocus
          errorText={workEmailError ? federatedSignInMessageText(i18n, workEmailError) : undefined}
          onValueChange={(value) => send({ type: 'user.changeWorkEmail', value })}
        />
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
          <Button type="submit" aria-busy={finding} disabled={busy}>
            {finding ? <Trans>Finding your company…</Trans> : <Trans>Continue</Trans>}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => send({ type: 'user.cancelCompany' })}>
            <Trans>Back</Trans>
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className={stack}>
      {refusal}
      {social.map((provider) => {
        const starting = startingProvider === provider.id && busy;
        const name = provider.name;
        return (
          <Button
            key={provider.id}
            variant="outline"
            width="full"
            aria-busy={starting}
            disabled={busy}
            onClick={() => send({ type: 'user.chooseProvider', provider: provider.id })}
          >
            {starting ? <Trans>Continuing with {name}…</Trans> : <Trans>Continue with {name}</Trans>}
          </Button>
        );
      })}
      {company ? (
        <Button variant="outline" width="full" disabled={busy} onClick={() => send({ type: 'user.chooseCompany' })}>
          <Trans>Sign in with your company account</Trans>
        </Button>
      ) : null}
    </div>
  );
}
