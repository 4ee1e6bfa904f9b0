import type { EntityFormUi } from '../types.ts';
import { groupUi, kindOptions } from './group.tsx';

export const groupFormUi: EntityFormUi = {
  ...groupUi,
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    {
      kind: 'select',
      name: 'kind',
      label: 'Groups of',
      options: kindOptions,
      defaultValue: 'offer',
      lockedInEdit: true,
      description: 'Fixed once the group exists, so its members never change kind.',
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
};
