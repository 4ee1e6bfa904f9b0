import type { TrafficSourceTemplate } from '@cairn/contract';
import { CORE_SOURCE_TEMPLATES } from './sources.ts';
import { DISPLAY_SOURCE_TEMPLATES } from './sourcesDisplay.ts';
import { MORE_SOURCE_TEMPLATES } from './sourcesMore.ts';
import { POP_SOURCE_TEMPLATES } from './sourcesPop.ts';
import { PUSH_SOURCE_TEMPLATES } from './sourcesPush.ts';
import { SEARCH_SOURCE_TEMPLATES } from './sourcesSearch.ts';

/** Every traffic-source template, sorted by name as the picker lists them. */
export const TRAFFIC_SOURCE_TEMPLATES: readonly TrafficSourceTemplate[] = [
  ...CORE_SOURCE_TEMPLATES,
  ...MORE_SOURCE_TEMPLATES,
  ...PUSH_SOURCE_TEMPLATES,
  ...SEARCH_SOURCE_TEMPLATES,
  ...DISPLAY_SOURCE_TEMPLATES,
  ...POP_SOURCE_TEMPLATES,
].sort((a, b) => a.name.localeCompare(b.name));
