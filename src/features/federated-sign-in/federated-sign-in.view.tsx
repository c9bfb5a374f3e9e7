import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { SignInProvider } from '../../../contract/federated-sign-in';
import type {
  FederatedSignInEvent,
  federatedSignInMachine,
} from '../../../machines/federatedSignIn/federatedSignIn.machine';
import { stack, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/email-field';
import { Heading } from '../../components/ui/text';
import { refusalText } from '../../lib/contract-messages';
import '../../lib/refusals/federated-sign-in';
import { fieldErrorText } from '../../lib/validation-messages';
import { signInUnavailable } from './federated-sign-in.messages';

export type FederatedSignInViewProps = {
  snapshot: Pick<SnapshotFrom<typeof federatedSignInMachine>, 'context' | 'hasTag' | 'matches'>;
  send: (event: FederatedSignInEvent) => void;
  /** The configured providers: a button for each social one, the company account for the enterprise one. */
  providers: readonly SignInProvider[];
};

const column = stack({ gap: '3' });

/** The provider buttons of the sign-in page's "Other ways to sign in", and the work address for company sign-in. */
export function FederatedSignInView({ snapshot, send, providers }: FederatedSignInViewProps) {
  const { t, i18n } = useLingui();
  const { provider: startingProvider, workEmail, workEmailError, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const social = providers.filter((provider) => provider.id !== 'enterprise');
  const company = providers.find((provider) => provider.id === 'enterprise');
  const refusal = failure ? <Alert>{refusalText(i18n, failure, { unavailable: signInUnavailable })}</Alert> : null;

  if (providers.length === 0) return null;

  const leavingForCompany = snapshot.matches('leavingForProvider') && startingProvider === null;
  if (snapshot.matches('enteringWorkEmail') || snapshot.matches('findingCompany') || leavingForCompany) {
    const finding = snapshot.matches('findingCompany') || leavingForCompany;
    return (
      <form
        noValidate
        aria-labelledby="company-sign-in"
        className={column}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.continueWithCompany' });
        }}
      >
        <Heading as="h3" id="company-sign-in" level="subsection">
          <Trans>Sign in with your company account</Trans>
        </Heading>
        {refusal}
        <EmailField
          label={t`Work e-mail address`}
          name="work-email"
          autoComplete="email"
          value={workEmail}
          disabled={busy}
          autoFocus
          errorText={fieldErrorText(i18n, workEmailError ?? undefined)}
          onValueChange={(value) => send({ type: 'user.changeWorkEmail', value })}
        />
        <div className={wrap({ gap: '3' })}>
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
    <div className={column}>
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
