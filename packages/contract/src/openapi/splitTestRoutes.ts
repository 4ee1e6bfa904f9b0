import { SPLIT_TEST_PATH, splitTestQuerySchema, splitTestResponseSchema } from '../splitTests/splitTests.ts';
import type { ApiRoute } from './catalogue.ts';

/** The split-test view of a campaign: its rotating offers and landers compared, Bayesian. */
export const SPLIT_TEST_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: SPLIT_TEST_PATH,
    summary:
      "A campaign's split tests: each rotating offer or lander per path, with credible intervals and P(best)",
    description:
      "Each path whose clicks went to several offers (or landers) in the range: every item's clicks, conversions, CR and EPC, each with a 95% credible interval from a Beta(1 + conversions, 1 + clicks - conversions) posterior, and the probability that its conversion rate is the path's best. The EPC interval is the CR interval times the item's revenue per conversion. A note says when an item has fewer than 100 clicks or 10 conversions. Money is in integer micro-units; a hide-profit user gets no leads, revenue or EPC.",
    tag: 'Reports',
    access: 'user',
    query: splitTestQuerySchema,
    response: splitTestResponseSchema,
  },
];
