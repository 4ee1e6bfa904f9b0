import type { DemoLinks } from './messages.ts';

// Links shown in demo and licence messages. Operators of a white-label deployment set them at build
// time (VITE_CAIRN_* variables); the defaults name the project's own reserved example addresses.
export interface PanelLinks extends DemoLinks {
  providerLogin: string;
}

const env = import.meta.env;

export const panelLinks: PanelLinks = {
  trial: env.VITE_CAIRN_TRIAL_URL ?? 'https://cairn.example/trial',
  support: env.VITE_CAIRN_SUPPORT_URL ?? 'https://cairn.example/support',
  telegram: env.VITE_CAIRN_TELEGRAM_URL ?? 'https://t.me/cairn_support',
  providerLogin: env.VITE_CAIRN_PROVIDER_LOGIN_URL ?? 'https://cairn.example/login',
};

export function configurePanelLinks(links: Partial<PanelLinks>): void {
  Object.assign(panelLinks, links);
}
