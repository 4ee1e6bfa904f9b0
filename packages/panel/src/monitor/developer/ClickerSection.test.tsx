import type { TestClickResponse } from '@cairn/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { ServicesContext } from '../../app/services.ts';
import { fakeServer, json, on, type Route, signedInAs, testServices } from '../../app/testing.ts';
import { USER_AGENT_PRESETS } from './ClickerSection.tsx';
import { factLabel } from './ClickResult.tsx';
import { TestLinkDialog } from './TestLinkDialog.tsx';

const campaigns = on('GET', '/api/campaign', () =>
  json({
    items: [
      { id: 4, name: 'Black Friday US', key: 'bfus4key', status: 'active', currency: 'USD' },
      { id: 9, name: 'Sleepy test', key: 'sleepy9', status: 'paused', currency: 'EUR' },
    ],
    total: 2,
    page: 1,
    pageSize: 500,
  }),
);

const routed: TestClickResponse = {
  status: 'routed',
  reason: null,
  facts: {
    ip: '81.2.69.142',
    countryCode: 'GB',
    city: 'London',
    deviceType: 'mobile',
    isBot: false,
    region: '',
    tokens: 't1=abc',
  },
  campaign: { id: 4, name: 'Black Friday US' },
  rule: 'UK mobile',
  ruleCriteria: ['Continent is one of EU', 'Time of day is one of 09:00-17:30 (Europe/London)'],
  path: 'Path 2',
  landing: { id: 3, name: 'Quiz lander' },
  offer: { id: 8, name: 'Sweepstakes GB' },
  unique: true,
  costMicros: 50_000,
  finalUrl: 'https://lander.example/quiz?clickid=01hzzz',
  redirectMode: 'meta_refresh',
};

function renderClicker(...routes: Route[]) {
  return renderApp('/monitor/developer/clicker', [...signedInAs(), campaigns, ...routes]);
}

async function card(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name });
  const section = heading.closest('section');
  if (!section) throw new Error(`No card around "${name}"`);
  return section;
}

describe('developer monitor: clicker', () => {
  it('sends the visitor built in the form and shows the decision', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderClicker(
      on('POST', '/api/tracking/test_click', async (request) => {
        sent.push(await request.json());
        return json(routed);
      }),
    );
    expect(await screen.findByText(/Test clicks are not recorded/)).toBeInTheDocument();
    expect(document.title).toBe('Clicker - Monitor for developers - Cairn');

    await user.click(await screen.findByRole('combobox', { name: 'Campaign' }));
    expect(await screen.findByRole('option', { name: 'Sleepy test (paused)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Black Friday US' }));
    expect(screen.getByLabelText(/^Campaign key/)).toHaveValue('bfus4key');

    const ip = screen.getByLabelText('IP address');
    await user.clear(ip);
    await user.type(ip, '81.2.69.142');
    await user.click(screen.getByRole('button', { name: 'iPhone Safari' }));
    expect(screen.getByRole('button', { name: 'iPhone Safari' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Referrer'), 'https://news.example/a');
    await user.type(screen.getByLabelText('Extra query parameters'), 't1=abc&zone=5');
    await user.type(screen.getByLabelText('Extra headers'), 'X-Requested-With: com.example.app');
    await user.click(screen.getByRole('button', { name: 'Send test click' }));

    const decision = await card('Decision');
    expect(sent).toEqual([
      {
        campaignKey: 'bfus4key',
        ip: '81.2.69.142',
        userAgent: USER_AGENT_PRESETS[0].value,
        acceptLanguage: 'en-US,en;q=0.9',
        referrer: 'https://news.example/a',
        query: 't1=abc&zone=5',
        headers: 'X-Requested-With: com.example.app',
      },
    ]);
    expect(within(decision).getByText('Routed')).toBeInTheDocument();
    for (const text of [
      'Black Friday US (#4)',
      'UK mobile',
      'Continent is one of EU; Time of day is one of 09:00-17:30 (Europe/London)',
      'Path 2',
      'Quiz lander (#3)',
      'Sweepstakes GB (#8)',
      '0.05 in the base currency',
      'Meta refresh',
    ]) {
      expect(within(decision).getByText(text)).toBeInTheDocument();
    }
    expect(within(decision).getByLabelText('Final URL')).toHaveValue(
      'https://lander.example/quiz?clickid=01hzzz',
    );
    expect(within(decision).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Routed to Sweepstakes GB (#8).');

    const facts = await card('Enriched facts');
    expect(within(facts).getByRole('row', { name: /Country code/ })).toHaveTextContent('GB');
    expect(within(facts).getByRole('row', { name: /^Bot/ })).toHaveTextContent('No');
    expect(within(facts).getByRole('row', { name: /^Region/ })).toHaveTextContent('not known');
    expect(within(facts).getByRole('row', { name: /^Tokens/ })).toHaveTextContent('t1=abc');
  });

  it('shows a fallback with its reason and no destination', async () => {
    const user = userEvent.setup();
    renderClicker(
      on('POST', '/api/tracking/test_click', () =>
        json({
          ...routed,
          status: 'fallback',
          reason: 'unknown campaign key',
          facts: {},
          campaign: null,
          rule: null,
          ruleCriteria: [],
          path: null,
          landing: null,
          offer: null,
          unique: false,
          costMicros: 0,
          finalUrl: null,
          redirectMode: 'http_302',
        }),
      ),
    );
    await user.type(await screen.findByLabelText(/^Campaign key/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send test click' }));
    const decision = await card('Decision');
    expect(within(decision).getByText('Fallback')).toBeInTheDocument();
    expect(within(decision).getByText('unknown campaign key')).toBeInTheDocument();
    expect(within(decision).getByText('none (unknown key)')).toBeInTheDocument();
    expect(within(decision).queryByLabelText('Final URL')).toBeNull();
    expect(within(decision).getByText(/No destination/)).toBeInTheDocument();
    expect(screen.getByText('No facts: the click never reached a campaign.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Fallback: unknown campaign key.');
  });

  it('asks for a key before sending, and shows the server refusal at its field', async () => {
    const user = userEvent.setup();
    const { server } = renderClicker(
      on('POST', '/api/tracking/test_click', () =>
        json(
          {
            message: 'Invalid request: ip: Too long',
            errors: [{ message: 'Too long', detail: { field: 'ip' } }],
          },
          400,
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Send test click' }));
    expect(await screen.findByText('Enter a campaign key')).toBeInTheDocument();
    expect(server.calls).not.toContain('POST /api/tracking/test_click');

    await user.type(screen.getByLabelText(/^Campaign key/), 'bfus4key');
    expect(screen.queryByText('Enter a campaign key')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send test click' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.getByLabelText('IP address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request: ip: Too long');
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
  });
});

describe('factLabel', () => {
  it('names known facts and spells out new ones', () => {
    expect(factLabel('countryCode')).toBe('Country code');
    expect(factLabel('proxyType')).toBe('Proxy type');
  });
});

describe("a campaign's test link", () => {
  it('tests that campaign alone, with no campaign to pick', async () => {
    const user = userEvent.setup();
    const sent: { campaignKey?: string }[] = [];
    const server = fakeServer(
      on('POST', '/api/tracking/test_click', async (request) => {
        sent.push((await request.json()) as { campaignKey?: string });
        return json(routed);
      }),
    );
    const services = testServices(server.fetch);
    const opener = { current: null };
    render(
      <ServicesContext.Provider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <TestLinkDialog open onOpenChange={() => {}} opener={opener} campaignKey="bfus4key" />
        </QueryClientProvider>
      </ServicesContext.Provider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Test link' });
    expect(within(dialog).queryByRole('combobox', { name: 'Campaign' })).toBeNull();
    expect(within(dialog).queryByLabelText(/^Campaign key/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send test click' }));
    expect(await within(dialog).findByText('Routed')).toBeInTheDocument();
    expect(sent.map((body) => body.campaignKey)).toEqual(['bfus4key']);
  });
});
