import { useQuery } from '@tanstack/react-query';
import type { Navigate } from '../../components/internal-link';
import { secondFactorStatusQuery } from './authenticator-app.queries';
import { SecondFactorRequiredBannerView } from './second-factor-required-banner.view';

/**
 * The banner of the signed-in pages, from the account's two-step sign-in status (the account
 * page's query, shared). Read once per session here, again after five minutes at most when the
 * window regains the focus, and whenever a change of the app invalidates it.
 */
export function SecondFactorRequiredBannerScreen({ onNavigate }: { onNavigate: Navigate }) {
  const status = useQuery({ ...secondFactorStatusQuery, staleTime: 5 * 60_000 });
  const team = status.data?.requiredByTeam;
  if (!team) return null;
  return <SecondFactorRequiredBannerView team={team} onNavigate={onNavigate} />;
}
