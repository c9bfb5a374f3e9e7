import { Trans, useLingui } from '@lingui/react/macro';
import type { TeamRole } from '../../../contract/teams';
import { unexplained } from '../../../machines/support/refusal';
import { isPaidElsewhere } from '../../../machines/team/team.machine';
import { grid, stack, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../components/ui/email-field';
import { SelectField } from '../../components/ui/field';
import { Heading, Text } from '../../components/ui/text';
import { TextField } from '../../components/ui/text-field';
import { refusalText } from '../../lib/contract-messages';
import { fieldErrorText } from '../../lib/validation-messages';
import '../../lib/refusals/teams';
import { roleLabels, teamChangeUnavailable } from './team.messages';
import type { TeamPartProps } from './team.types';

const roles: TeamRole[] = ['admin', 'user'];

/** A new member's address, role and name, while the machine is adding one. */
export function AddMemberForm({ snapshot, send }: TeamPartProps) {
  const { t, i18n } = useLingui();
  const { form, formErrors, failure } = snapshot.context;
  const submitting = snapshot.matches('submittingMember');
  const errorOf = (key: string | undefined) => fieldErrorText(i18n, key);
  const email = form.email.trim();
  return (
    <form
      noValidate
      aria-labelledby="add-member-title"
      className={grid({ gap: '3', maxWidth: '32rem' })}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'user.submitMember' });
      }}
    >
      <Heading as="h3" level="subsection" id="add-member-title">
        <Trans>Add a member</Trans>
      </Heading>
      {snapshot.matches('addFailed') ? (
        <Alert>
          <span className={stack({ gap: '1' })}>
            <span>{refusalText(i18n, failure ?? unexplained, { unavailable: teamChangeUnavailable })}</span>
            {isPaidElsewhere(failure) ? (
              <span>
                <Trans>
                  <bdi>{email}</bdi> pays for a plan of their own. They can join your team once that plan ends.
                </Trans>
              </span>
            ) : null}
          </span>
        </Alert>
      ) : null}
      <EmailField
        label={t`E-mail`}
        name="member-email"
        autoComplete="off"
        autoFocus
        value={form.email}
        disabled={submitting}
        errorText={errorOf(formErrors.email)}
        onValueChange={(value) => send({ type: 'user.changeField', field: 'email', value })}
      />
      <SelectField
        label={t`Role`}
        name="member-role"
        value={form.role}
        disabled={submitting}
        options={roles.map((role) => ({ value: role, label: i18n._(roleLabels[role]) }))}
        onValueChange={(role) => send({ type: 'user.chooseRole', role })}
      />
      <div className={grid({ gap: '3', columns: { base: 1, sm: 2 } })}>
        <TextField
          label={t`First name (optional)`}
          name="member-first-name"
          autoComplete="off"
          value={form.firstName}
          disabled={submitting}
          errorText={errorOf(formErrors.firstName)}
          onValueChange={(value) => send({ type: 'user.changeField', field: 'firstName', value })}
        />
        <TextField
          label={t`Last name (optional)`}
          name="member-last-name"
          autoComplete="off"
          value={form.lastName}
          disabled={submitting}
          errorText={errorOf(formErrors.lastName)}
          onValueChange={(value) => send({ type: 'user.changeField', field: 'lastName', value })}
        />
      </div>
      <Text tone="muted">
        <Trans>
          A person who has no account yet gets a mail to confirm their address and choose a password. A person who has
          an account gets an invitation to accept.
        </Trans>
      </Text>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Trans>Adding member…</Trans> : <Trans>Add member</Trans>}
        </Button>
        <Button variant="outline" disabled={submitting} onClick={() => send({ type: 'user.dismiss' })}>
          <Trans>Discard</Trans>
        </Button>
      </div>
    </form>
  );
}
