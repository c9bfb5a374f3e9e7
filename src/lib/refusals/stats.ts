import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/errors';
import { StatsMessage } from '../../../contract/stats';
import { addRefusalBook } from '../contract-messages';

/**
 * The statistics API's messages the reports page can meet. Its ranges are checked before it asks
 * (contract/report-filter.ts), so the range's refusals keep the code's text.
 */
export const statsRefusals = addRefusalBook({
  [ErrorCode.forbidden]: {
    [StatsMessage.notYours]: msg`You cannot see the statistics of this device or team.`,
  },
});
