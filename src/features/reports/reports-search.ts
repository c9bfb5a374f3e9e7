import * as v from 'valibot';
import { rangePresets } from '../../../contract/report-filter';

/**
 * The Reports page keeps its filter in the address, so a report can be bookmarked, shared with a
 * colleague of the team or reloaded: `?range=30d&scope=team:7`, `?range=custom&from=2026-11-01&to=2026-11-07`.
 * The route reads it (so it is in every page's entry: only the schema is here); anything unreadable
 * falls back to the default, the last 7 days of my devices (reports-address.ts).
 */
export const ReportsSearch = v.object({
  range: v.fallback(v.optional(v.picklist([...rangePresets, 'custom'])), undefined),
  from: v.fallback(v.optional(v.string()), undefined),
  to: v.fallback(v.optional(v.string()), undefined),
  scope: v.fallback(v.optional(v.string()), undefined),
});
export type ReportsSearch = v.InferOutput<typeof ReportsSearch>;
