import type * as referenceCalls from '../../contract/calls/reference';
import type { Routes } from '../http/calls';
import type { AppServices } from '../services/index';

/** The handlers of the calls declared in contract/calls/reference.ts. */
export function referenceHandlers(_services: AppServices): Routes<typeof referenceCalls> {
  return {};
}
