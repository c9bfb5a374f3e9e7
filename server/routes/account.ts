import type * as accountCalls from '../../contract/calls/account';
import { callerOf } from '../http/caller';
import type { Routes } from '../http/calls';
import { accountUserJson } from '../services/accounts';
import type { AppServices } from '../services/index';
import { commonRefusals } from '../services/refusal';

/** The handlers of the calls declared in contract/calls/account.ts. */
export function accountHandlers({ database, now }: AppServices): Routes<typeof accountCalls> {
  return {
    getAccountUser: async (c) => {
      const json = await accountUserJson(database, callerOf(c).userId, now());
      if (json === null) throw commonRefusals.notFound();
      // As the database built it: parsing and serialising it again would cost the hot path what
      // building it in one query saved.
      return { status: 200, jsonText: json };
    },
  };
}
