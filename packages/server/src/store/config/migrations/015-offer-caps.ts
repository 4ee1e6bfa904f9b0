import type { Migration } from '../migration.ts';

// An offer's daily click cap and the offer its clicks go to while a cap is reached (both nullable: no
// click cap; the path's other offers). The daily conversion cap is older (002).
export const OFFER_CAPS_MIGRATION: Migration = {
  version: 15,
  name: 'Offer click cap and cap fallback',
  statements: [
    'ALTER TABLE offers ADD COLUMN daily_click_cap BIGINT',
    'ALTER TABLE offers ADD COLUMN cap_fallback_offer_id BIGINT',
  ],
};
