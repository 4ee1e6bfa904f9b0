import type { DemoLinks } from './messages.ts';

// Links shown in the demo (410) and licence messages. They are the operator's own pages, configured on
// the server (CAIRN_LINK_*) and handed over with the mode at start; until then, or when one is not set,
// its message is worded without it.
export interface PanelLinks extends DemoLinks {
  /** The provider's login page, where a tracker id is entered into a licence. */
  providerLogin?: string | undefined;
  /** The project tracker's new-issue page Settings > Feedback links to (CAIRN_FEEDBACK_URL). */
  feedback?: string | undefined;
}

/** The links in force; the client reads them when it words a 410. */
export const panelLinks: PanelLinks = {};

/** Replaces the links in force with the server's (a link it no longer sends is dropped). */
export function configurePanelLinks(links: PanelLinks): void {
  for (const key of Object.keys(panelLinks) as (keyof PanelLinks)[]) delete panelLinks[key];
  Object.assign(panelLinks, links);
}
