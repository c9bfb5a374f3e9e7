import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { SessionGateView } from './session-gate.view';

/**
 * What a page that needs the session shows while its guard waits for it (the route's pending
 * component): public pages never wait, so they never show this.
 */
export function SessionGateScreen() {
  const { session } = useRouteContext({ from: '__root__' });
  const snapshot = useSelector(session, (state) => state);
  return <SessionGateView snapshot={snapshot} send={session.send} />;
}
