import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FlowEditor, type FlowRefOption } from './FlowEditor.tsx';
import { type FlowDraft, newCriterion, newPath, newRule, type PathDraft, validateFlow } from './flowModel.ts';

const landers: FlowRefOption[] = [
  { id: 1, label: 'Quiz lander', archived: false },
  { id: 2, label: 'Old lander', archived: true },
];
const campaigns: FlowRefOption[] = [
  { id: 30, label: 'Retarget EU', archived: false },
  { id: 31, label: 'Old push', archived: true },
];
const offers: FlowRefOption[] = [
  { id: 10, label: 'Dating US', archived: false },
  { id: 11, label: 'Sweeps DE', archived: false },
];

function path(change: Partial<PathDraft>): PathDraft {
  return { ...newPath(), offers: [{ offerId: 10, weight: 100, paused: false }], ...change };
}

/** Holds the flow like a form does; `validate` shows the contract's messages as the form would after a save. */
function renderEditor(initial: FlowDraft, { validate = false } = {}) {
  const seen: { current: FlowDraft } = { current: initial };
  function Harness() {
    const [flow, setFlow] = useState(initial);
    return (
      <FlowEditor
        value={flow}
        onChange={(next) => {
          seen.current = next;
          setFlow(next);
        }}
        errors={validate ? validateFlow(flow) : {}}
        landers={landers}
        offers={offers}
        campaigns={campaigns}
      />
    );
  }
  render(<Harness />);
  return { user: userEvent.setup(), flow: () => seen.current };
}

const group = (name: string) => screen.getByRole('group', { name });

describe('FlowEditor', () => {
  it('sends a path to another campaign or to a URL instead of landers and offers', async () => {
    const { user, flow } = renderEditor(
      {
        defaultPaths: [path({ landers: [{ landingId: 1, weight: 100, paused: false }] })],
        rules: [],
      },
      { validate: true },
    );
    const card = () => group('Path 1');
    expect(within(card()).getByRole('combobox', { name: 'Offers of Path 1' })).toBeInTheDocument();

    await user.click(within(card()).getByRole('combobox', { name: 'Path 1 target' }));
    await user.click(await screen.findByRole('option', { name: 'Another campaign' }));
    // The path's landers and offers go: the contract refuses them on a campaign path.
    expect(flow().defaultPaths[0]).toMatchObject({
      target: 'campaign',
      campaignId: null,
      landers: [],
      offers: [],
    });
    expect(within(card()).queryByRole('combobox', { name: 'Offers of Path 1' })).toBeNull();
    expect(within(card()).getByText('Choose the campaign to send clicks to')).toBeInTheDocument();
    await user.click(within(card()).getByRole('combobox', { name: 'Path 1 campaign' }));
    // An archived campaign is not offered for a new choice.
    expect(screen.queryByRole('option', { name: /Old push/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Retarget EU' }));
    expect(flow().defaultPaths[0]).toMatchObject({ target: 'campaign', campaignId: 30 });
    expect(validateFlow(flow())).toEqual({});

    await user.click(within(card()).getByRole('combobox', { name: 'Path 1 target' }));
    await user.click(await screen.findByRole('option', { name: 'URL' }));
    expect(flow().defaultPaths[0]).toMatchObject({ target: 'url', campaignId: null, url: null });
    const url = within(card()).getByRole('textbox', { name: 'URL of Path 1' });
    await user.type(url, 'https://safe.example/?s={{clikid}');
    expect(within(card()).getByText(/^Unknown macro \{clikid\}/)).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'https://safe.example/?s={{clickid}');
    expect(flow().defaultPaths[0]?.url).toBe('https://safe.example/?s={clickid}');
    expect(validateFlow(flow())).toEqual({});

    await user.click(within(card()).getByRole('combobox', { name: 'Path 1 target' }));
    await user.click(await screen.findByRole('option', { name: 'Landers and offers' }));
    expect(flow().defaultPaths[0]).toMatchObject({ target: 'offers', url: null });
    expect(within(card()).getByRole('combobox', { name: 'Offers of Path 1' })).toBeInTheDocument();
  });

  it('shows each path its share of the clicks and follows weight changes', async () => {
    const { user, flow } = renderEditor({
      defaultPaths: [path({ weight: 100 }), path({ weight: 50 })],
      rules: [],
    });
    expect(within(group('Path 1')).getByText('66.7%')).toBeInTheDocument();
    expect(within(group('Path 2')).getByText('33.3%')).toBeInTheDocument();

    const weight = within(group('Path 2')).getByRole('spinbutton', { name: 'Weight of Path 2' });
    await user.clear(weight);
    await user.type(weight, '300');
    expect(flow().defaultPaths[1]?.weight).toBe(300);
    expect(within(group('Path 1')).getByText('25%')).toBeInTheDocument();
    expect(within(group('Path 2')).getByText('75%')).toBeInTheDocument();
  });

  it('adds offers from the combobox and weighs them within the path', async () => {
    const { user, flow } = renderEditor({ defaultPaths: [path({ offers: [] })], rules: [] });
    const offersBox = within(group('Path 1')).getByRole('combobox', { name: 'Offers of Path 1' });
    await user.type(offersBox, 'Dating');
    await user.keyboard('{Enter}');
    await user.type(offersBox, 'Sweeps');
    await user.keyboard('{Enter}');
    expect(flow().defaultPaths[0]?.offers).toEqual([
      { offerId: 10, weight: 100, paused: false },
      { offerId: 11, weight: 100, paused: false },
    ]);
    const rows = within(screen.getByRole('list', { name: 'Offers of Path 1' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/%$/).textContent)).toEqual(['50%', '50%']);
  });

  it('pauses an offer: it takes no share and the rest take it all', async () => {
    const { user, flow } = renderEditor({
      defaultPaths: [
        path({
          offers: [
            { offerId: 10, weight: 100, paused: false },
            { offerId: 11, weight: 100, paused: false },
          ],
        }),
      ],
      rules: [],
    });
    await user.click(screen.getByRole('button', { name: 'Pause Sweeps DE (Path 1)' }));
    expect(flow().defaultPaths[0]?.offers[1]?.paused).toBe(true);
    const rows = within(screen.getByRole('list', { name: 'Offers of Path 1' })).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('100%')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('paused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume Sweeps DE (Path 1)' })).toBeInTheDocument();
  });

  it('pauses a path and a rule', async () => {
    const { user, flow } = renderEditor({
      defaultPaths: [path({ name: 'main' }), path({ name: 'test' })],
      rules: [newRule()],
    });
    await user.click(screen.getByRole('button', { name: 'Pause Path 2' }));
    expect(flow().defaultPaths.map((p) => p.paused)).toEqual([false, true]);
    // Path 1 now takes every click; its only offer shows 100% as well.
    expect(within(group('Path 1')).getAllByText('100%')).toHaveLength(2);
    expect(within(group('Path 2')).getByText('Paused')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause Rule 1' }));
    expect(flow().rules[0]?.paused).toBe(true);
  });

  it('reorders paths with the keyboard and keeps focus on the moved path', async () => {
    const { user, flow } = renderEditor({
      defaultPaths: [path({ name: 'first' }), path({ name: 'second' }), path({ name: 'third' })],
      rules: [],
    });
    screen.getByRole('button', { name: 'Move Path 3 up' }).focus();
    await user.keyboard('{Enter}');
    expect(flow().defaultPaths.map((p) => p.name)).toEqual(['first', 'third', 'second']);
    // The moved path is now Path 2; its "up" button has focus, so Enter moves it again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Path 2 up' }));
    await user.keyboard('{Enter}');
    expect(flow().defaultPaths.map((p) => p.name)).toEqual(['third', 'first', 'second']);
    // At the top "up" is disabled, so focus moves to the same path's "down" button.
    expect(screen.getByRole('button', { name: 'Move Path 1 up' })).toBeDisabled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Path 1 down' }));
  });

  it('keeps keyboard focus in the editor when paths are added and removed', async () => {
    const { user, flow } = renderEditor({ defaultPaths: [path({ name: 'first' })], rules: [] });
    await user.click(screen.getByRole('button', { name: 'Add path' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Path 2 name' }));
    await user.keyboard('second');
    expect(flow().defaultPaths.map((p) => p.name)).toEqual(['first', 'second']);
    await user.click(screen.getByRole('button', { name: 'Remove Path 1' }));
    expect(flow().defaultPaths.map((p) => p.name)).toEqual(['second']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add path' }));
  });

  it('reorders and removes rules', async () => {
    const first = { ...newRule(), name: 'mobile' };
    const second = { ...newRule(), name: 'germany' };
    const { user, flow } = renderEditor({ defaultPaths: [path({})], rules: [first, second] });
    await user.click(screen.getByRole('button', { name: 'Move Rule 1 down' }));
    expect(flow().rules.map((rule) => rule.name)).toEqual(['germany', 'mobile']);
    await user.click(screen.getByRole('button', { name: 'Remove Rule 2' }));
    expect(flow().rules.map((rule) => rule.name)).toEqual(['germany']);
  });

  it('builds a country rule with its own path', async () => {
    const { user, flow } = renderEditor({ defaultPaths: [path({})], rules: [] });
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const countries = within(group('Rule 1')).getByRole('combobox', {
      name: 'Country values of Rule 1 criterion 1',
    });
    await user.type(countries, 'Germany');
    await user.keyboard('{Enter}');
    await user.click(within(group('Rule 1')).getByRole('button', { name: 'Add path to Rule 1' }));
    const rule = flow().rules[0];
    expect(rule?.criteria).toEqual([{ ...newCriterion('country'), values: ['DE'] }]);
    expect(rule?.paths).toHaveLength(2);
    expect(group('Rule 1 path 2')).toBeInTheDocument();
  });

  it('changes a criterion: a new type starts with no values, a token asks which token, exclude turns it round', async () => {
    const { user, flow } = renderEditor({
      defaultPaths: [path({})],
      rules: [{ ...newRule(), criteria: [{ ...newCriterion('country'), values: ['DE'] }] }],
    });
    const criterion = () => flow().rules[0]?.criteria[0];
    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Device type' }));
    expect(criterion()).toEqual(newCriterion('device_type'));
    await user.type(
      screen.getByRole('combobox', { name: 'Device type values of Rule 1 criterion 1' }),
      'Mobile',
    );
    await user.keyboard('{Enter}');
    expect(criterion()?.values).toEqual(['mobile']);

    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 match' }));
    await user.click(await screen.findByRole('option', { name: 'is none of' }));
    expect(criterion()?.mode).toBe('exclude');

    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 type' }));
    await user.click(await screen.findByRole('option', { name: /^Token$/ }));
    expect(criterion()).toMatchObject({ type: 'token', mode: 'exclude', tokenIndex: 1, values: [] });
    const token = screen.getByRole('spinbutton', { name: 'Token number of Rule 1 criterion 1' });
    await user.clear(token);
    await user.type(token, '3');
    // Token values are free text: typed and taken with Enter.
    await user.type(screen.getByRole('combobox', { name: 'Token values of Rule 1 criterion 1' }), 'zone-7');
    await user.keyboard('{Enter}');
    expect(criterion()).toMatchObject({ type: 'token', mode: 'exclude', tokenIndex: 3, values: ['zone-7'] });
  });

  it('asks a parameter or header criterion which one and how, and takes no values for "exists"', async () => {
    const { user, flow } = renderEditor({ defaultPaths: [path({})], rules: [newRule()] });
    const criterion = () => flow().rules[0]?.criteria[0];
    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Query parameter' }));
    await user.type(screen.getByRole('textbox', { name: 'Parameter name of Rule 1 criterion 1' }), 'zone');
    const values = screen.getByRole('combobox', { name: 'Query parameter values of Rule 1 criterion 1' });
    await user.type(values, 'z-12');
    await user.keyboard('{Enter}');
    expect(criterion()).toMatchObject({ type: 'param', name: 'zone', operator: 'equals', values: ['z-12'] });
    const criterionErrors = () =>
      Object.keys(validateFlow(flow())).filter((key) => key.startsWith('rules.0.criteria'));
    expect(criterionErrors()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 comparison' }));
    await user.click(await screen.findByRole('option', { name: 'does not exist' }));
    expect(criterion()).toMatchObject({ operator: 'not_exists', values: [] });
    expect(
      screen.queryByRole('combobox', { name: 'Query parameter values of Rule 1 criterion 1' }),
    ).not.toBeInTheDocument();
    expect(criterionErrors()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Header' }));
    expect(screen.getByRole('textbox', { name: 'Header name of Rule 1 criterion 1' })).toHaveValue('');
    expect(validateFlow(flow())['rules.0.criteria.0.name']).toBe('A header name such as X-Requested-With');
  });

  it('gives time criteria a zone, the tracker zone when left empty', async () => {
    const { user, flow } = renderEditor({ defaultPaths: [path({})], rules: [newRule()] });
    const criterion = () => flow().rules[0]?.criteria[0];
    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Time of day' }));
    const zone = screen.getByRole('combobox', { name: 'Time zone of Rule 1 criterion 1' });
    expect(zone).toHaveAttribute('placeholder', "The tracker's time zone");
    await user.type(
      screen.getByRole('combobox', { name: 'Time of day values of Rule 1 criterion 1' }),
      '9:00-17:30',
    );
    await user.keyboard('{Enter}');
    expect(criterion()).toMatchObject({ type: 'time_of_day', timezone: null, values: ['9:00-17:30'] });
    await user.type(zone, 'Europe/Berlin');
    expect(criterion()?.timezone).toBe('Europe/Berlin');
    await user.clear(zone);
    expect(criterion()?.timezone).toBeNull();
    // Criteria that are not about time have no zone to set.
    await user.click(screen.getByRole('combobox', { name: 'Rule 1 criterion 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Continent' }));
    expect(
      screen.queryByRole('combobox', { name: 'Time zone of Rule 1 criterion 1' }),
    ).not.toBeInTheDocument();
    await user.type(
      screen.getByRole('combobox', { name: 'Continent values of Rule 1 criterion 1' }),
      'Europe',
    );
    await user.keyboard('{Enter}');
    expect(criterion()?.values).toEqual(['EU']);
  });

  it('shows what is wrong with a version condition at its value', () => {
    renderEditor(
      {
        defaultPaths: [path({})],
        rules: [
          { ...newRule(), criteria: [{ ...newCriterion('os_version'), values: ['Android >= 10', '>= 9'] }] },
        ],
      },
      { validate: true },
    );
    expect(within(group('Rule 1')).getByText(/">= 9": A name and a version condition/)).toBeInTheDocument();
  });

  it('adds a direct share next to a lander and keeps archived landers out of the choices', async () => {
    const { user, flow } = renderEditor({ defaultPaths: [path({})], rules: [] });
    const box = within(group('Path 1')).getByRole('combobox', { name: 'Landers of Path 1' });
    await user.type(box, 'Direct');
    expect(screen.getByRole('option', { name: /Direct/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(flow().defaultPaths[0]?.landers).toHaveLength(1);
    await user.type(box, 'Old');
    expect(screen.queryByRole('option', { name: /Old lander/ })).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'Quiz');
    await user.keyboard('{Enter}');
    expect(flow().defaultPaths[0]?.landers).toEqual([
      { landingId: null, weight: 100, paused: false },
      { landingId: 1, weight: 100, paused: false },
    ]);
  });

  it('shows the contract messages at the items they concern', () => {
    const rule = newRule();
    renderEditor(
      {
        defaultPaths: [path({ offers: [] }), path({ weight: null })],
        rules: [{ ...rule, criteria: [{ ...newCriterion('country'), values: ['DE', 'Germany'] }] }],
      },
      { validate: true },
    );
    expect(
      within(group('Path 1')).getByText('An active path needs at least one active offer'),
    ).toBeInTheDocument();
    expect(within(group('Path 2')).queryByText(/active offer/)).not.toBeInTheDocument();
    const weight = within(group('Path 2')).getByRole('spinbutton', { name: 'Weight of Path 2' });
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(within(group('Path 2')).getByText('The weight is a number')).toBeInTheDocument();
    const values = within(group('Rule 1')).getByRole('combobox', {
      name: 'Country values of Rule 1 criterion 1',
    });
    expect(values).toHaveAttribute('aria-invalid', 'true');
    expect(within(group('Rule 1')).getByText(/"Germany": Country is a 2-letter/)).toBeInTheDocument();
    expect(
      within(group('Rule 1 path 1')).getByText('An active path needs at least one active offer'),
    ).toBeInTheDocument();
  });

  it('shows messages keyed below an item it has no control for at that item', () => {
    render(
      <FlowEditor
        value={{ defaultPaths: [path({})], rules: [] }}
        onChange={() => {}}
        errors={{ 'defaultPaths.0.offers.0.offerId': 'Offer 10 is archived' }}
        landers={landers}
        offers={offers}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Offers of Path 1' })).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Offer 10 is archived')).toBeInTheDocument();
  });
});
