import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import type { Refusal } from '../../../machines/support/refusal';
import { refusalText } from '../../lib/contract-messages';
import '../../lib/refusals/subscriptions';

const unavailable = msg`We could not reach the server. Please try again.`;

/** Another change of the subscription won: the page starts over with its current options. */
const instead = {
  [ErrorCode.subscriptionConflict]: msg`This subscription was changed meanwhile. Start over to see its current options.`,
};

/** Why a preview or an upgrade did not happen, in the reader's language. */
export function failureText(i18n: I18n, failure: Refusal): string {
  return refusalText(i18n, failure, { unavailable, instead });
}
