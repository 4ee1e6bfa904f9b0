import { themeClassName } from '@cairn/tokens';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { Button } from '../Button/Button.tsx';
import { Checkbox } from '../Checkbox/Checkbox.tsx';
import { DataTable, type DataTableColumn } from '../DataTable/DataTable.tsx';
import { ProgressBar } from '../ProgressBar/ProgressBar.tsx';
import { RadioGroup } from '../RadioGroup/RadioGroup.tsx';
import { Switch } from '../Switch/Switch.tsx';
import { Tabs } from '../Tabs/Tabs.tsx';

// Under forced colours (Windows contrast themes) the browser repaints every background as Canvas and every
// border and outline in a colour of its own: a state shown only by a fill vanishes. Each case renders a part
// in its on and off states, turns the mode on in Chromium and checks, on computed styles, that the on state is
// drawn in the system's selection colour (Highlight) and the off one is not, which only our forced-colours
// rules do (the mode alone would paint both alike). Focus rings are the exception: Chromium itself rings a
// keyboard-focused element in Highlight under forced colours, so the focus tests prove that each control keeps a
// ring (remove its :focus-visible outline and they fail), not that FORCED_FOCUS_RING is what colours it.

// React's act() warns unless told the environment is a test one (testing-library sets this in jsdom).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement | undefined;
let root: Root | undefined;

async function show(node: ReactNode) {
  host = document.createElement('div');
  host.className = themeClassName('default', 'light');
  document.body.append(host);
  const created = createRoot(host);
  root = created;
  await act(async () => created.render(node));
}

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
  host = undefined;
});

/** The computed value a system colour keyword resolves to in the current mode, e.g. `rgb(0, 120, 215)`. */
function systemColour(keyword: 'Highlight' | 'Canvas' | 'CanvasText' | 'ButtonText') {
  const probe = document.createElement('span');
  probe.style.forcedColorAdjust = 'none';
  probe.style.color = keyword;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

const style = (element: Element, pseudo?: string) => getComputedStyle(element, pseudo);
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement;

beforeAll(async () => {
  await commands.emulateForcedColors(true);
});
afterAll(async () => {
  await commands.emulateForcedColors(false);
});

describe('forced colours keep state visible', () => {
  it('the mode is on and its selection colour differs from the page', () => {
    expect(matchMedia('(forced-colors: active)').matches).toBe(true);
    expect(systemColour('Highlight')).not.toBe(systemColour('Canvas'));
  });

  it('a switch that is on fills its track with Highlight, one that is off does not', async () => {
    await show(
      <>
        <Switch data-testid="on" aria-label="On" checked onCheckedChange={() => {}} />
        <Switch data-testid="off" aria-label="Off" checked={false} onCheckedChange={() => {}} />
      </>,
    );
    const highlight = systemColour('Highlight');
    expect(style(byTestId('on')).backgroundColor).toBe(highlight);
    expect(style(byTestId('off')).backgroundColor).not.toBe(highlight);
    // The off track keeps an edge, so the control is still seen as one.
    expect(style(byTestId('off')).borderTopStyle).toBe('solid');
  });

  it('a checked checkbox is filled with Highlight, an unchecked one is not', async () => {
    await show(
      <>
        <Checkbox data-testid="on" label="On" checked onCheckedChange={() => {}} />
        <Checkbox data-testid="off" label="Off" checked={false} onCheckedChange={() => {}} />
      </>,
    );
    const highlight = systemColour('Highlight');
    expect(style(byTestId('on')).backgroundColor).toBe(highlight);
    expect(style(byTestId('off')).backgroundColor).not.toBe(highlight);
  });

  it('the chosen radio button shows a Highlight dot', async () => {
    await show(
      <RadioGroup
        label="Mode"
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
        value="a"
      />,
    );
    const [chosen, other] = document.querySelectorAll('[role="radio"]');
    const dot = chosen?.firstElementChild;
    expect(dot).toBeTruthy();
    expect(style(dot as Element).backgroundColor).toBe(systemColour('Highlight'));
    expect(other?.firstElementChild).toBeNull();
  });

  it('the selected tab is underlined in Highlight, the others are not', async () => {
    await show(
      <Tabs.Root value="one">
        <Tabs.List aria-label="Sections">
          <Tabs.Trigger value="one">One</Tabs.Trigger>
          <Tabs.Trigger value="two">Two</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="one">First</Tabs.Content>
        <Tabs.Content value="two">Second</Tabs.Content>
      </Tabs.Root>,
    );
    const [selected, other] = document.querySelectorAll('[role="tab"]');
    expect(style(selected as Element, '::after').backgroundColor).toBe(systemColour('Highlight'));
    expect(style(selected as Element, '::after').height).toBe('2px');
    expect(style(other as Element, '::after').content).toBe('none');
  });

  it('a selected table row is framed in Highlight, an unselected one is not', async () => {
    interface Row {
      id: string;
      name: string;
    }
    const columns: DataTableColumn<Row>[] = [{ id: 'name', header: 'Name', accessor: (row) => row.name }];
    await show(
      <DataTable
        label="Campaigns"
        data={[
          { id: '1', name: 'Alpha' },
          { id: '2', name: 'Bravo' },
        ]}
        columns={columns}
        getRowId={(row) => row.id}
        selection={{ selectedIds: ['1'] }}
      />,
    );
    const rows = [...document.querySelectorAll('[role="row"]')].filter(
      (row) => row.textContent?.includes('Alpha') || row.textContent?.includes('Bravo'),
    );
    const [selected, other] = rows;
    expect(selected?.getAttribute('aria-selected')).toBe('true');
    expect(style(selected as Element).outlineStyle).toBe('solid');
    expect(style(selected as Element).outlineColor).toBe(systemColour('Highlight'));
    expect(style(other as Element).outlineStyle).toBe('none');

    // The focused cell inside the selected row is ringed in the text colour, so it stands out of the frame.
    const cell = [...(selected as Element).querySelectorAll<HTMLElement>('[role="gridcell"]')].find((c) =>
      c.textContent?.includes('Alpha'),
    );
    // Focus puts the grid's roving cell there, the arrow keys make it keyboard focus (a ring only shows for
    // that). Not a click: the pointer's wait for the cell to settle could outlast the test on a busy machine.
    await act(async () => (cell as HTMLElement).focus());
    await userEvent.keyboard('{ArrowDown}{ArrowUp}');
    expect(document.activeElement).toBe(cell);
    expect(style(cell as Element).outlineStyle).toBe('solid');
    expect(style(cell as Element).outlineColor).toBe(systemColour('CanvasText'));
    expect(style(cell as Element).outlineColor).not.toBe(style(selected as Element).outlineColor);
  });

  it('keyboard focus rings a button in Highlight', async () => {
    await show(
      <>
        <Button data-testid="first">First</Button>
        <Button data-testid="second">Second</Button>
      </>,
    );
    await userEvent.tab();
    const focused = byTestId('first');
    expect(document.activeElement).toBe(focused);
    expect(style(focused).outlineStyle).toBe('solid');
    expect(style(focused).outlineColor).toBe(systemColour('Highlight'));
    expect(style(byTestId('second')).outlineStyle).not.toBe('solid');
  });

  it('every control of these shows a ring when reached by the keyboard', async () => {
    await show(
      <>
        <Switch aria-label="Switch" />
        <Checkbox label="Checkbox" />
        <RadioGroup label="Mode" options={[{ value: 'a', label: 'A' }]} defaultValue="a" />
        <Tabs.Root defaultValue="one">
          <Tabs.List aria-label="Sections">
            <Tabs.Trigger value="one">One</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="one">First</Tabs.Content>
        </Tabs.Root>
      </>,
    );
    const names = ['switch', 'checkbox', 'radio', 'tab', 'tabpanel'];
    for (const role of names) {
      await userEvent.tab();
      const focused = document.activeElement as HTMLElement;
      expect(focused.getAttribute('role'), `Tab reaches the ${role}`).toBe(role);
      expect(style(focused).outlineStyle, role).toBe('solid');
      expect(style(focused).outlineColor, role).toBe(systemColour('Highlight'));
      expect(Number.parseFloat(style(focused).outlineWidth), role).toBeGreaterThanOrEqual(2);
    }
  });

  it('a progress bar fills its done part with Highlight inside an outlined track', async () => {
    await show(<ProgressBar label="Upload" value={40} />);
    const track = document.querySelector('[role="progressbar"]') as HTMLElement;
    const fill = track.firstElementChild as HTMLElement;
    expect(style(fill).backgroundColor).toBe(systemColour('Highlight'));
    expect(style(track).outlineStyle).toBe('solid');
    expect(style(track).outlineColor).toBe(systemColour('CanvasText'));
    expect(style(track).backgroundColor).not.toBe(systemColour('Highlight'));
  });
});
