import { Plural, Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { Team } from '../../../contract/teams';
import { css } from '../../../styled-system/css';
import { grid } from '../../../styled-system/patterns';
import { Heading, Text } from '../../components/ui/text';
import { choiceGroup } from '../../theme/recipes/choice-group';
import { field } from '../../theme/recipes/field';
import type { TeamPartProps } from './team.types';
import { TeamFailureAlert } from './team-failure-alert.view';

/** The checkbox's descriptions line up under its label, beside the box. */
const besideTheBox = css({ gridColumn: '2' });

/**
 * The owner's rule "Members must use two-step sign-in": a checkbox for the owner, its state in words
 * for an admin. While it is saved, and until the team is read again, it shows the value asked for.
 * The checkbox keeps the focus while saving (aria-disabled rather than disabled, which would drop it).
 */
export function SecondFactorRule({
  snapshot,
  send,
  team,
  viewerIsOwner,
}: TeamPartProps & { team: Team; viewerIsOwner: boolean }) {
  const id = useId();
  const saving = snapshot.matches('settingSecondFactorRule');
  const asked = snapshot.context.secondFactorRequired;
  const required =
    (saving || snapshot.matches('secondFactorRuleSet')) && asked !== null ? asked : team.requireSecondFactor;
  const ready = snapshot.hasTag('ready');
  const withoutIt = team.teamMembers.filter((member) => !member.secondFactor).length;
  // The rule holds for the owner too (the server sends them to set it up like anyone else).
  const ownerWithoutIt = viewerIsOwner && team.teamMembers.some((member) => member.isOwner && !member.secondFactor);
  return (
    <section aria-labelledby={`${id}-title`} className={grid({ gap: '2' })}>
      <Heading as="h3" level="subsection" id={`${id}-title`}>
        <Trans>Two-step sign-in</Trans>
      </Heading>
      {viewerIsOwner ? (
        <div className={grid({ gridTemplateColumns: 'auto 1fr', columnGap: '2.5', rowGap: '1', alignItems: 'center' })}>
          <input
            id={id}
            type="checkbox"
            className={choiceGroup().control}
            checked={required}
            disabled={!ready && !saving}
            aria-disabled={saving || undefined}
            aria-busy={saving}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              if (ready) send({ type: 'user.setSecondFactorRule', required: event.currentTarget.checked });
            }}
          />
          <label htmlFor={id} className={field().label}>
            <Trans>Members must use two-step sign-in</Trans>
          </label>
          <Text id={`${id}-hint`} tone="muted" size="sm" className={besideTheBox}>
            <Trans>
              Members without an authenticator app are asked to set one up before they reach the team’s pages.
            </Trans>
          </Text>
          {ownerWithoutIt && !required ? (
            <Text size="sm" className={besideTheBox}>
              <Trans>
                You have not turned on two-step sign-in yourself: with the rule on, the team’s pages ask you to set it
                up too.
              </Trans>
            </Text>
          ) : null}
        </div>
      ) : (
        <>
          <p>
            {required ? (
              <Trans>Members must use two-step sign-in.</Trans>
            ) : (
              <Trans>Members do not have to use two-step sign-in.</Trans>
            )}
          </p>
          <Text tone="muted">
            <Trans>Only the owner of the subscription can change this.</Trans>
          </Text>
        </>
      )}
      {withoutIt > 0 ? (
        <Text tone="muted">
          <Plural
            value={withoutIt}
            one="# member has not turned on two-step sign-in."
            other="# members have not turned on two-step sign-in."
          />
        </Text>
      ) : null}
      {snapshot.matches('secondFactorRuleFailed') ? <TeamFailureAlert snapshot={snapshot} /> : null}
    </section>
  );
}
