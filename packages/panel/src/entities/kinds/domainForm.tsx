import { DomainHttps } from '../../domains/DomainHttps.tsx';
import type { EntityFormUi } from '../types.ts';
import { domainUi } from './domain.tsx';

export const domainFormUi: EntityFormUi = {
  ...domainUi,
  fields: [
    {
      kind: 'text',
      name: 'host',
      label: 'Host',
      required: true,
      placeholder: 'e.g. track.example.com',
      description: 'The host name only, pointed at this tracker.',
    },
    {
      kind: 'switch',
      name: 'isDefault',
      label: 'Default domain',
      description: 'Campaign and lander URLs use it when no other domain is chosen.',
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormOutro: DomainHttps,
};
