import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { titleHead } from '../../app/page-title';
import { refreshStaleUser } from '../../app/route-checks';
import { TeamInvitationScreen } from '../../features/team-invitation/team-invitation.screen';

const title = msg`Join a team`;

export const Route = createFileRoute('/_signedIn/team-accept-invitation')({
  // A missing or odd code degrades to an empty one, which the page explains.
  validateSearch: v.object({ code: v.fallback(v.optional(v.string(), ''), '') }),
  beforeLoad: ({ context }) => refreshStaleUser(context, context.user),
  head: () => titleHead(i18n._(title)),
  component: TeamAcceptInvitationPage,
});

function TeamAcceptInvitationPage() {
  const { code } = Route.useSearch();
  const { user } = Route.useRouteContext();
  return <TeamInvitationScreen code={code} signedInEmail={user.email} />;
}
