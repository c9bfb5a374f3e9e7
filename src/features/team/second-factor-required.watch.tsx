import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { teamQuery } from '../../lib/queries/team';
import { secondFactorSetupRequiredOf } from './team.queries';

export type TeamRefusal = { referenceId: string; message: string | null };

/**
 * Reads the team (the team section's own query: shared, cached, read once) and reports whether the
 * read was refused because the team requires two-step sign-in of this person. Renders nothing. An
 * error kept in the cache is read again on the next visit and when the window regains the focus, so
 * the page opens once the app is on.
 */
export function TeamSecondFactorWatch({
  referenceId,
  onChange,
}: {
  referenceId: string;
  onChange: (refusal: TeamRefusal) => void;
}) {
  const team = useQuery(teamQuery(referenceId));
  const message = secondFactorSetupRequiredOf(team.error);
  useEffect(() => onChange({ referenceId, message }), [referenceId, message, onChange]);
  return null;
}
