import { useLingui } from '@lingui/react/macro';
import { unexplained } from '../../../machines/support/refusal';
import { Alert } from '../../components/ui/alert';
import { refusalText } from '../../lib/contract-messages';
import '../../lib/refusals/teams';
import { teamChangeUnavailable } from './team.messages';
import type { TeamSnapshot } from './team.types';

/** Why the last change to the team did not happen, in the reader's language. */
export function TeamFailureAlert({ snapshot }: { snapshot: TeamSnapshot }) {
  const { i18n } = useLingui();
  const failure = snapshot.context.failure ?? unexplained;
  return <Alert>{refusalText(i18n, failure, { unavailable: teamChangeUnavailable })}</Alert>;
}
