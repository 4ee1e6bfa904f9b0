import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const row = style({ display: 'flex', gap: vars.space.xs, alignItems: 'stretch' });
export const value = style({ fontFamily: vars.font.mono, fontSize: '0.9em', textOverflow: 'ellipsis' });
