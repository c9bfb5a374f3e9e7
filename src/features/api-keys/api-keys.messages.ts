import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TeamMessage } from '../../../contract/teams';

/**
 * The contract's messages about API keys and servers, translated. The server answers refusals with
 * these texts in `message`, and the machines check descriptions, addresses and time windows with them.
 */
const teamMessages: Record<string, MessageDescriptor> = {
  [TeamMessage.descriptionRequired]: msg`Please describe what the key is for.`,
  [TeamMessage.descriptionTooLong]: msg`Please keep the description under 100 characters.`,
  [TeamMessage.allowedIpsInvalid]: msg`Some entries are not IP addresses or ranges.`,
  [TeamMessage.tooManyAllowedIps]: msg`Please list at most 50 addresses or ranges.`,
  [TeamMessage.apiKeyNotFound]: msg`There is no such API key.`,
  [TeamMessage.notAdmin]: msg`Only the owner and the team’s admins can do this.`,
  [TeamMessage.notATeamPlan]: msg`This subscription has no team.`,
  [TeamMessage.timeIntervalInvalid]: msg`Please choose when the window starts and when it ends.`,
  [TeamMessage.notDedicatedServerPlan]: msg`Only a dedicated server subscription can request a server.`,
};

/**
 * A message from the contract or the server, in the reader's language when it is one we know;
 * any other server message is shown as it came (spec section 8: the body's message is shown).
 */
export function teamMessageText(i18n: I18n, message: string): string {
  const known = teamMessages[message];
  return known ? i18n._(known) : message;
}

/** When the server sent no message (network down, a 5xx). */
export const keyChangeUnavailable = msg`We could not change the API keys right now. Please try again later.`;
export const serverRequestUnavailable = msg`We could not request the server right now. Please try again later.`;
