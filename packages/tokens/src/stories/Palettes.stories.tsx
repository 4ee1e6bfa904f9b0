import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import type { ColorScheme, Contrast, Theme } from '../constants.ts';
import { themeClassName } from '../theme/classes.ts';
import { vars } from '../theme/contract.css.ts';
import { highContrastColours } from '../theme/schemes/highContrast.ts';
import { schemeTokens } from '../theme/schemes/index.ts';
import type { ColourTokens } from '../theme/tokens.ts';
import { tokenSheetViewport } from './viewports.ts';

// A designer reviews a scheme here: every colour token of light and dark side by side, then the
// tokens in use (toasts, the table's colorization modes, chart series) as the components combine them.

type Swatches = [name: string, value: string][];

function flatten(group: object, prefix: string): Swatches {
  return Object.entries(group).flatMap(
    ([key, value]): Swatches =>
      typeof value === 'string' ? [[`${prefix}.${key}`, value]] : flatten(value, `${prefix}.${key}`),
  );
}

const groupTitles: Record<keyof ColourTokens, string> = {
  color: 'Base',
  toast: 'Toasts',
  table: 'Table',
  chart: 'Chart',
};

const caption: CSSProperties = {
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
};

function SwatchGrid({ swatches }: { swatches: Swatches }) {
  return (
    <ul
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: `${vars.space.xxs} ${vars.space.md}`,
        fontFamily: vars.font.mono,
        fontSize: vars.fontSize.xs,
      }}
    >
      {swatches.map(([name, value]) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 }}>
          <span
            aria-hidden
            style={{
              flex: 'none',
              width: 16,
              height: 16,
              background: value,
              border: `1px solid ${vars.color.border}`,
              borderRadius: vars.radius.sm,
            }}
          />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name} {value}
          </span>
        </li>
      ))}
    </ul>
  );
}

const toastTypes = ['default', 'success', 'info', 'error', 'warning'] as const;

function InUse() {
  const cell: CSSProperties = { padding: `${vars.space.xxs} ${vars.space.sm}`, textAlign: 'left' };
  const rows: { label: string; background: string; text: string; profit: string; profitColour?: string }[] = [
    {
      label: 'plain row',
      background: vars.table.rowBackground,
      text: vars.table.rowText,
      profit: '+12.40',
      profitColour: vars.table.positiveText,
    },
    {
      label: 'even row',
      background: vars.table.rowAltBackground,
      text: vars.table.rowText,
      profit: '-3.10',
      profitColour: vars.table.negativeText,
    },
    {
      label: 'hovered',
      background: vars.table.rowHoverBackground,
      text: vars.table.rowText,
      profit: '+0.85',
      profitColour: vars.table.positiveText,
    },
    {
      label: 'selected',
      background: vars.table.rowSelectedBackground,
      text: vars.table.rowText,
      profit: '-7.00',
      profitColour: vars.table.negativeText,
    },
    {
      label: 'colored row +',
      background: vars.table.positiveRowBackground,
      text: vars.table.positiveRowText,
      profit: '+41.00',
    },
    {
      label: 'colored row -',
      background: vars.table.negativeRowBackground,
      text: vars.table.negativeRowText,
      profit: '-19.50',
    },
  ];
  return (
    <>
      <h3 style={caption}>In use</h3>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, fontSize: vars.fontSize.sm }}>
        {toastTypes.map((type) => (
          <div
            key={type}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: vars.space.xs,
              padding: `${vars.space.xs} ${vars.space.sm}`,
              background: vars.toast[type].background,
              color: vars.toast[type].text,
              border: `1px solid ${vars.toast[type].border}`,
              borderRadius: vars.radius.md,
            }}
          >
            <span
              aria-hidden
              style={{ width: 8, height: 8, borderRadius: '50%', background: vars.toast[type].icon }}
            />
            {type} toast
          </div>
        ))}
        <span
          style={{
            padding: `${vars.space.xs} ${vars.space.sm}`,
            background: vars.color.accent,
            color: vars.color.textOnAccent,
            borderRadius: vars.radius.md,
          }}
        >
          accent button
        </span>
      </div>
      <table
        style={{
          marginTop: vars.space.sm,
          borderCollapse: 'collapse',
          width: '100%',
          fontSize: vars.fontSize.sm,
          border: `1px solid ${vars.table.border}`,
        }}
      >
        <thead>
          <tr style={{ background: vars.table.headerBackground, color: vars.table.headerText }}>
            <th style={cell}>Row</th>
            <th style={cell}>Profit</th>
            <th style={cell}>Colored cell</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={row.label}
              style={{
                background: row.background,
                color: row.text,
                borderTop: `1px solid ${vars.table.border}`,
              }}
            >
              <td style={cell}>{row.label}</td>
              <td style={{ ...cell, color: row.profitColour ?? row.text }}>{row.profit}</td>
              <td
                style={
                  index % 2 === 0
                    ? {
                        ...cell,
                        background: vars.table.positiveCellBackground,
                        color: vars.table.positiveCellText,
                      }
                    : {
                        ...cell,
                        background: vars.table.negativeCellBackground,
                        color: vars.table.negativeCellText,
                      }
                }
              >
                {index % 2 === 0 ? '+8.20' : '-2.40'}
              </td>
            </tr>
          ))}
          <tr
            style={{
              background: vars.table.totalsBackground,
              color: vars.table.totalsText,
              fontWeight: vars.fontWeight.semibold,
            }}
          >
            <td style={cell}>Totals</td>
            <td style={cell}>+22.65</td>
            <td style={cell} />
          </tr>
        </tbody>
      </table>
      <div
        aria-hidden
        style={{ display: 'flex', alignItems: 'flex-end', gap: 4, height: 40, marginTop: vars.space.sm }}
      >
        {(
          ['series1', 'series2', 'series3', 'series4', 'series5', 'series6', 'series7', 'series8'] as const
        ).map((series, index) => (
          <span key={series} style={{ width: 18, height: 12 + index * 4, background: vars.chart[series] }} />
        ))}
      </div>
    </>
  );
}

function Palette({ scheme, theme, contrast }: { scheme: ColorScheme; theme: Theme; contrast: Contrast }) {
  const tokens = contrast === 'more' ? highContrastColours[theme] : schemeTokens[scheme][theme];
  const name = `${scheme} · ${theme}${contrast === 'more' ? ' · high contrast' : ''}`;
  return (
    <section
      className={themeClassName(scheme, theme, contrast)}
      aria-label={name}
      style={{
        flex: '1 1 0',
        minWidth: 0,
        padding: vars.space.lg,
        background: vars.color.background,
        color: vars.color.text,
        fontFamily: vars.font.body,
        borderRadius: vars.radius.lg,
      }}
    >
      <h2 style={{ margin: 0, fontSize: vars.fontSize.lg }}>
        {scheme} · {theme}
        {contrast === 'more' ? ' · high contrast' : ''}
      </h2>
      {(Object.keys(groupTitles) as (keyof ColourTokens)[]).map((group) => (
        <div key={group}>
          <h3 style={caption}>{groupTitles[group]}</h3>
          <SwatchGrid swatches={flatten(tokens[group], group)} />
        </div>
      ))}
      <InUse />
    </section>
  );
}

function LightAndDark({ scheme, contrast = 'standard' }: { scheme: ColorScheme; contrast?: Contrast }) {
  return (
    <div style={{ display: 'flex', gap: 16, width: 1120 }}>
      <Palette scheme={scheme} theme="light" contrast={contrast} />
      <Palette scheme={scheme} theme="dark" contrast={contrast} />
    </div>
  );
}

const meta = {
  title: 'Tokens/Palettes',
  component: LightAndDark,
  parameters: { ...tokenSheetViewport },
} satisfies Meta<typeof LightAndDark>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { scheme: 'default' } };
export const Legacy: Story = { args: { scheme: 'legacy' } };
export const Creative: Story = { args: { scheme: 'creative' } };
/**
 * The contrast preference `more`: the same colours over every scheme (the default scheme's layout here),
 * every text pair at AAA 7:1 and every mark, ring and border plainly visible.
 */
export const HighContrast: Story = { args: { scheme: 'default', contrast: 'more' } };
