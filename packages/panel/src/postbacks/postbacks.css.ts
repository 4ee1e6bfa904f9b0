import { style } from '@vanilla-extract/css';

export const field = style({ minWidth: 220 });
