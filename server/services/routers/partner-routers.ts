import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors';
import { type PartnerRouterDevice, RouterMessage } from '../../../contract/routers';
import { routers } from '../../db/schema';
import type { Caller } from '../caller';
import { Refusal } from '../refusal';
import type { RouterDeps } from './router-deps';

/** Partner routers: the device and its two success flags, for the router's owner only. */

const notFound = () => new Refusal(ErrorCode.notFound, RouterMessage.routerNotFound);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only the owner's router matches; any other id, malformed ones included, is not found. */
const ownedBy = (caller: Caller, routerId: string) => {
  if (!uuidPattern.test(routerId)) throw notFound();
  return and(eq(routers.id, routerId), eq(routers.ownerId, caller.userId));
};

export async function readPartnerRouter(
  { db }: RouterDeps,
  caller: Caller,
  routerId: string,
): Promise<PartnerRouterDevice> {
  const [router] = await db.select().from(routers).where(ownedBy(caller, routerId));
  if (!router) throw notFound();
  return {
    routerId: router.id,
    name: router.name,
    vendor: router.vendor,
    serial: router.serial,
    state: router.state,
    lastActiveTime: router.lastActiveAt.toISOString(),
    activatedAt: router.createdAt.toISOString(),
    flags: {
      hasShown90DaySuccess: router.hasShown90DaySuccess,
      seenRouterActivationSuccess: router.seenRouterActivationSuccess,
    },
  };
}

export type PartnerRouterFlag = 'hasShown90DaySuccess' | 'seenRouterActivationSuccess';

/** Sets a flag (once set, its success message is not shown again); setting it twice is harmless. */
export async function setPartnerRouterFlag(
  { db }: RouterDeps,
  caller: Caller,
  routerId: string,
  flag: PartnerRouterFlag,
): Promise<void> {
  const change =
    flag === 'hasShown90DaySuccess' ? { hasShown90DaySuccess: true } : { seenRouterActivationSuccess: true };
  const updated = await db.update(routers).set(change).where(ownedBy(caller, routerId)).returning({ id: routers.id });
  if (updated.length === 0) throw notFound();
}
