import type { Meta, StoryObj } from '@storybook/react-vite';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { COLOR_SCHEMES, type ColorScheme, THEMES, type Theme } from '../constants.ts';
import { themeClassName } from '../theme/classes.ts';
import { vars } from '../theme/contract.css.ts';

// The layout foundations side by side, one column per scheme: space, radius, shadow, control and table
// sizes, motion and stacking order. Lengths print what the browser resolved them to under the toolbar's size
// delta (each scheme multiplies them by its own size scale), so a designer reads the px a screen gets.

type Kind = 'length' | 'radius' | 'shadow' | 'duration' | 'layer';

const GROUPS = ['Space', 'Size', 'Radius', 'Shadow', 'Motion', 'Layer'] as const;
type Group = (typeof GROUPS)[number];

interface Row {
  group: Group;
  name: string;
  value: string;
  kind: Kind;
}

function rowsOf(group: Group, kind: Kind, tokens: Record<string, string>): Row[] {
  return Object.entries(tokens).map(([name, value]) => ({ group, name, value, kind }));
}

const { scale: _sizeScale, ...sizes } = vars.size;
const rows: Row[] = [
  ...rowsOf('Space', 'length', vars.space),
  ...rowsOf('Size', 'length', sizes),
  ...rowsOf('Radius', 'radius', vars.radius),
  ...rowsOf('Shadow', 'shadow', vars.shadow),
  ...rowsOf('Motion', 'duration', vars.motion),
  ...rowsOf('Layer', 'layer', vars.zIndex),
];

/** A sample drawn with the token, and the value the browser resolved it to. */
function Sample({ row }: { row: Row }) {
  const probe = useRef<HTMLSpanElement>(null);
  const [resolved, setResolved] = useState('');
  useLayoutEffect(() => {
    const element = probe.current;
    if (!element) return;
    const style = getComputedStyle(element);
    if (row.kind === 'length')
      setResolved(`${Math.round(element.getBoundingClientRect().width * 10) / 10} px`);
    else if (row.kind === 'radius') setResolved(style.borderTopLeftRadius);
    else if (row.kind === 'shadow') setResolved(style.boxShadow === 'none' ? 'none' : 'shadow');
    // Read from the variable itself: the screenshot tests freeze every transition to none.
    else setResolved(style.getPropertyValue(row.value.replace(/^var\((--[^,)]+).*$/, '$1')).trim());
  }, [row]);
  const box: CSSProperties = { display: 'inline-block', flex: 'none', background: vars.color.accent };
  const sample: Record<Kind, CSSProperties> = {
    length: { ...box, width: row.value, height: 8 },
    radius: { ...box, width: 24, height: 24, borderRadius: row.value },
    shadow: { ...box, width: 24, height: 24, background: vars.color.surfaceRaised, boxShadow: row.value },
    duration: { ...box, width: 8, height: 8 },
    layer: { ...box, width: 8, height: 8, position: 'relative', zIndex: row.value },
  };
  return (
    <>
      <td style={cell}>
        <span ref={probe} style={sample[row.kind]} />
      </td>
      <td style={{ ...cell, fontVariantNumeric: 'tabular-nums' }}>{resolved}</td>
    </>
  );
}

const cell: CSSProperties = { padding: `2px ${vars.space.sm}`, textAlign: 'start', whiteSpace: 'nowrap' };

function SchemeColumn({
  scheme,
  theme,
  groups,
}: {
  scheme: ColorScheme;
  theme: Theme;
  groups: readonly Group[];
}) {
  let group = '';
  const body: ReactNode[] = [];
  for (const row of rows.filter((candidate) => groups.includes(candidate.group))) {
    if (row.group !== group) {
      group = row.group;
      body.push(
        <tr key={group}>
          <th scope="rowgroup" colSpan={3} style={{ ...cell, paddingTop: vars.space.sm }}>
            {group}
          </th>
        </tr>,
      );
    }
    body.push(
      <tr key={`${row.group}.${row.name}`}>
        <td style={cell}>{row.name}</td>
        <Sample row={row} />
      </tr>,
    );
  }
  return (
    <section
      className={themeClassName(scheme, theme)}
      aria-label={`${scheme} scheme`}
      style={{
        flex: '1 1 0',
        padding: vars.space.md,
        background: vars.color.surface,
        color: vars.color.text,
        fontFamily: vars.font.body,
        fontSize: vars.fontSize.sm,
        border: `1px solid ${vars.color.border}`,
      }}
    >
      <h2 style={{ margin: 0, fontSize: vars.fontSize.md }}>{scheme}</h2>
      <table style={{ borderCollapse: 'collapse' }}>
        <tbody>{body}</tbody>
      </table>
    </section>
  );
}

function Scales({ theme, groups }: { theme: Theme; groups: readonly Group[] }) {
  return (
    <div style={{ display: 'flex', gap: 12, width: 1080 }}>
      {COLOR_SCHEMES.map((scheme) => (
        <SchemeColumn key={scheme} scheme={scheme} theme={theme} groups={groups} />
      ))}
    </div>
  );
}

const meta = {
  title: 'Tokens/Scales',
  component: Scales,
  argTypes: {
    theme: { control: 'inline-radio', options: THEMES },
    groups: { control: 'check', options: GROUPS },
  },
} satisfies Meta<typeof Scales>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every scheme's spacing steps and control, row and focus-ring sizes, with the px each resolves to. */
export const SpaceAndSizes: Story = { args: { theme: 'light', groups: ['Space', 'Size'] } };

/** Every scheme's corner radii, elevation shadows, motion durations and stacking layers. */
export const ShapeMotionLayers: Story = {
  args: { theme: 'light', groups: ['Radius', 'Shadow', 'Motion', 'Layer'] },
};
