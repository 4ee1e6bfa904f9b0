import { truncateText } from '@cairn/contract';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { RecentCache } from './cache.ts';
import type { DeviceType } from './types.ts';

/** Parsed user agents kept: clicks repeat a small set of agents, and a parse costs ~10 µs. */
export const USER_AGENT_CACHE_SIZE = 10_000;
/**
 * Longer agents are cut before parsing and caching: real ones stay well under this, and the cut bounds
 * both the regex work per click and the memory one cache entry can hold (at most ~10 MB in all).
 */
export const USER_AGENT_MAX_LENGTH = 512;

export interface AgentFacts {
  readonly deviceType: DeviceType | '';
  readonly brand: string;
  readonly model: string;
  readonly os: string;
  readonly osVersion: string;
  readonly browser: string;
  readonly browserVersion: string;
  /** Crawler or script by the agent alone (isbot's list); no agent at all counts as a bot too. */
  readonly isBot: boolean;
}

const NO_AGENT: AgentFacts = Object.freeze({
  deviceType: '',
  brand: '',
  model: '',
  os: '',
  osVersion: '',
  browser: '',
  browserVersion: '',
  // Every browser sends a User-Agent; a click without one is a script.
  isBot: true,
});

const DEVICE_TYPE_OF: Readonly<Record<string, DeviceType>> = {
  mobile: 'mobile',
  tablet: 'tablet',
  smarttv: 'tv',
  console: 'console',
  wearable: 'wearable',
  embedded: 'other',
};

// The parser reports no device type for computers; these systems run on phones or tablets, everything
// else it names is a computer.
const HANDHELD_SYSTEMS = new Set([
  'android',
  'ios',
  'windows phone',
  'windows mobile',
  'blackberry',
  'symbian',
]);

function deviceTypeOf(result: UAParser.IResult, agent: string): DeviceType {
  const reported = result.device.type;
  if (reported !== undefined) return DEVICE_TYPE_OF[reported] ?? 'other';
  const os = result.os.name?.toLowerCase();
  if (os !== undefined && HANDHELD_SYSTEMS.has(os)) {
    return os === 'android' && !/mobile/i.test(agent) ? 'tablet' : 'mobile';
  }
  if (os !== undefined || result.browser.name !== undefined) return 'desktop';
  return 'other';
}

// The parser copies tokens that are not versions into the version slots ('x86_64' for Linux, 'TV' for
// webOS); a version starts with a digit.
function versionOf(value: string | undefined): string {
  return value !== undefined && value.charCodeAt(0) >= 48 && value.charCodeAt(0) <= 57 ? value : '';
}

function modelOf(value: string | undefined): string {
  // Chrome's reduced user agent replaces every Android model with the placeholder 'K'.
  return value === undefined || value === 'K' ? '' : value;
}

/** Parses user agents through a bounded cache of USER_AGENT_CACHE_SIZE entries; never throws. */
export function createAgentParser(capacity = USER_AGENT_CACHE_SIZE): (userAgent: string) => AgentFacts {
  const cache = new RecentCache<string, AgentFacts>(capacity);
  const parser = new UAParser();
  return (userAgent) => {
    if (typeof userAgent !== 'string') return NO_AGENT;
    const agent = truncateText(userAgent, USER_AGENT_MAX_LENGTH).trim();
    if (agent === '') return NO_AGENT;
    const cached = cache.get(agent);
    if (cached !== undefined) return cached;
    let facts: AgentFacts;
    try {
      const result = parser.setUA(agent).getResult();
      facts = Object.freeze({
        deviceType: deviceTypeOf(result, agent),
        brand: result.device.vendor ?? '',
        model: modelOf(result.device.model),
        os: result.os.name ?? '',
        osVersion: versionOf(result.os.version),
        browser: result.browser.name ?? '',
        browserVersion: versionOf(result.browser.version),
        isBot: isbot(agent),
      });
    } catch {
      // The parser is regex tables over untrusted text; should one ever throw, the click still counts.
      facts = { ...NO_AGENT, deviceType: 'other', isBot: isbot(agent) };
    }
    cache.set(agent, facts);
    return facts;
  };
}
