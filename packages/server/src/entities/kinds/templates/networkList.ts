import type { AffiliateNetworkTemplate } from '@cairn/contract';
import { CORE_NETWORK_TEMPLATES } from './networks.ts';
import { CPA_NETWORK_TEMPLATES } from './networksCpa.ts';
import { MORE_NETWORK_TEMPLATES } from './networksMore.ts';

/** Every affiliate-network template, sorted by name as the picker lists them. */
export const NETWORK_TEMPLATES: readonly AffiliateNetworkTemplate[] = [
  ...CORE_NETWORK_TEMPLATES,
  ...CPA_NETWORK_TEMPLATES,
  ...MORE_NETWORK_TEMPLATES,
].sort((a, b) => a.name.localeCompare(b.name));
