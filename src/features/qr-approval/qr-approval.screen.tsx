import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { qrApprovalMachine } from '../../../machines/qrApproval/qrApproval.machine';
import { navigateTo } from '../../app/navigate';
import { approveRequest, declineRequest, loadRequest } from './qr-approval.actors';
import { QrApprovalView } from './qr-approval.view';

export function QrApprovalScreen({ id }: { id: string }) {
  const router = useRouter();
  const actor = useActorRef(qrApprovalMachine.provide({ actors: { loadRequest, approveRequest, declineRequest } }), {
    input: { id },
  });
  const snapshot = useSelector(actor, (state) => state);
  return <QrApprovalView snapshot={snapshot} send={actor.send} onNavigate={(href) => void navigateTo(router, href)} />;
}
