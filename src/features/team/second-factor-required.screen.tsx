import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { Navigate } from '../../components/internal-link';
import { accountUserQuery } from '../../lib/queries/account-user';
import { TeamSecondFactorRequiredView } from './second-factor-required.view';
import type { TeamRefusal } from './second-factor-required.watch';

// On demand, with the team's schemas (which the page's team section loads anyway): the page's first
// load stays within its budget.
const TeamSecondFactorWatch = lazy(() =>
  import('./second-factor-required.watch').then((module) => ({ default: module.TeamSecondFactorWatch })),
);

/**
 * A team's page, or, when the team's own read was refused because the team requires two-step
 * sign-in and this person has not set it up, the screen that sends them to set it up. The refusal
 * comes from the page's team query (shared, cached): no second question is asked. Until the team is
 * read, the page shows as usual, with its own loading states.
 */
export function SecondFactorRequiredScreen({
  referenceId,
  onNavigate,
  children,
}: {
  referenceId: string | undefined;
  /** The router's navigation, for the link to the account page. */
  onNavigate: Navigate;
  children: ReactNode;
}) {
  const account = useQuery(accountUserQuery);
  const [refusal, setRefusal] = useState<TeamRefusal | null>(null);
  const hasTeam = Boolean(account.data?.subscriptions.find((candidate) => candidate.referenceId === referenceId)?.team);
  const message = hasTeam && refusal && refusal.referenceId === referenceId ? refusal.message : null;
  return (
    <>
      {hasTeam && referenceId ? (
        <Suspense fallback={null}>
          <TeamSecondFactorWatch referenceId={referenceId} onChange={setRefusal} />
        </Suspense>
      ) : null}
      {message === null ? children : <TeamSecondFactorRequiredView message={message} onNavigate={onNavigate} />}
    </>
  );
}
