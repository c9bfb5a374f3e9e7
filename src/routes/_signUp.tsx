import { createFileRoute, useLocation, useSearch } from '@tanstack/react-router';
import { SignUpScreen } from '../features/sign-up/sign-up.screen';

/**
 * The sign-up flow spans /create, /verify-email and /finalize; one machine lives across them here,
 * so moving between its steps keeps what was typed. The child routes set titles and checks.
 */
export const Route = createFileRoute('/_signUp')({
  component: SignUpLayout,
});

function SignUpLayout() {
  // Read once: the flow starts where the person came in, and the machine decides from there.
  const { pathname } = useLocation();
  const search: { email?: string } = useSearch({ strict: false });
  return <SignUpScreen step={pathname === '/verify-email' ? 'verify' : 'create'} email={search.email} />;
}
