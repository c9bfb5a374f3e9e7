import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { SecondFactorMessage } from '../../../contract/second-factor-messages';
import { TeamMessage } from '../../../contract/teams';
import { addRefusalBook } from '../contract-messages';

/**
 * The teams API's messages: members, invitations, API keys and servers, and the gate of a team
 * that requires two-step sign-in (signed-in pages).
 */
export const teamRefusals = addRefusalBook({
  [ErrorCode.teamRefused]: {
    [TeamMessage.seatsFull]: msg`All seats are taken. Add seats to the subscription, or remove a member or an invitation first.`,
    [TeamMessage.familyFull]: msg`This family plan has no room for another person.`,
    [TeamMessage.ownerCannotBeRemoved]: msg`The owner of the subscription cannot be removed from its team.`,
    [TeamMessage.ownerCannotBeDemoted]: msg`The owner of the subscription is always an admin of its team.`,
    [TeamMessage.notATeamPlan]: msg`This subscription has no team.`,
  },
  [ErrorCode.subscriptionRefused]: {
    [TeamMessage.notDedicatedServerPlan]: msg`Only a dedicated server subscription can request a server.`,
  },
  [ErrorCode.teamConflict]: {
    [TeamMessage.alreadyMember]: msg`This person is already a member of this team.`,
    [TeamMessage.alreadyInvited]: msg`This person is already invited to this team.`,
    [TeamMessage.ownerNeedsSecondFactor]: msg`Turn on two-step sign-in for your own account first, so the rule cannot keep you out.`,
  },
  [ErrorCode.teamMemberConflict]: {
    [TeamMessage.alreadyInAnotherTeam]: msg`User is already a paid member or part of another team. Please contact support if you think this is incorrect`,
  },
  [ErrorCode.secondFactorSetupRequired]: {
    [SecondFactorMessage.setupRequired]: msg`Your team requires two-step sign-in. Set up an authenticator app to reach its pages.`,
  },
  [ErrorCode.invitationRefused]: {
    [TeamMessage.invitationInvalid]: msg`This invitation code is not valid.`,
    [TeamMessage.invitationExpired]: msg`This invitation has expired. Please ask for a new one.`,
    [TeamMessage.invitationCanceled]: msg`This invitation was canceled.`,
    [TeamMessage.invitationUsed]: msg`This invitation has already been accepted.`,
    [TeamMessage.invitationForAnotherAddress]: msg`This invitation was sent to another e-mail address. Sign in with that address to accept it.`,
  },
  [ErrorCode.notFound]: {
    [TeamMessage.memberNotFound]: msg`This person is not a member of this team.`,
    [TeamMessage.invitationNotFound]: msg`There is no pending invitation for this address.`,
    [TeamMessage.apiKeyNotFound]: msg`There is no such API key.`,
  },
  [ErrorCode.forbidden]: {
    [TeamMessage.notAdmin]: msg`Only the owner and the team’s admins can do this.`,
    [TeamMessage.onlyOwnerSetsRule]: msg`Only the owner of the subscription can change what the team requires of its members.`,
  },
  [ErrorCode.validation]: {
    [TeamMessage.teamNameRequired]: msg`Please enter a name for the team.`,
    [TeamMessage.teamNameTooLong]: msg`Please keep the team name under 100 characters.`,
    [TeamMessage.descriptionRequired]: msg`Please describe what the key is for.`,
    [TeamMessage.descriptionTooLong]: msg`Please keep the description under 100 characters.`,
    [TeamMessage.allowedIpsInvalid]: msg`Some entries are not IP addresses or ranges.`,
    [TeamMessage.tooManyAllowedIps]: msg`Please list at most 50 addresses or ranges.`,
    [TeamMessage.timeIntervalInvalid]: msg`Please choose when the window starts and when it ends.`,
  },
});
