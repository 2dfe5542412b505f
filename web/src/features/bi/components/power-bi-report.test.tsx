import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@/test/render';
import { PowerBiReport } from './power-bi-report';

beforeAll(setupI18n);

// Microsoft's client, observed: what the report is embedded with, and the tokens handed to it
const calls = vi.hoisted(() => ({
  embed: [] as { element: HTMLElement; config: Record<string, unknown> }[],
  tokens: [] as string[],
  reset: 0,
}));
vi.mock('powerbi-client', () => {
  class Service {
    embed(element: HTMLElement, config: Record<string, unknown>) {
      calls.embed.push({ element, config });
      return {
        on: () => undefined,
        setComponentTitle: () => undefined,
        setAccessToken: async (token: string) => {
          calls.tokens.push(token);
        },
      };
    }
    reset() {
      calls.reset += 1;
    }
  }
  return {
    service: { Service },
    factories: { hpmFactory: {}, wpmpFactory: {}, routerFactory: {} },
    models: { TokenType: { Aad: 0, Embed: 1 } },
  };
});

const embed = (accessToken: string) => ({
  reportId: 'r-42',
  embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r-42',
  accessToken,
  expiresAt: '2026-11-24T11:00:00Z',
  btnLabel: 'Tableau de bord eau',
});

describe('a real Power BI report', () => {
  it('is embedded by the Microsoft client with the embed token, then handed each new token', async () => {
    const view = render(<PowerBiReport embed={embed('token-1')} title="Tableau de bord eau" />);
    await waitFor(() => expect(calls.embed).toHaveLength(1));
    expect(calls.embed[0]?.config).toMatchObject({
      type: 'report',
      id: 'r-42',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r-42',
      accessToken: 'token-1',
      tokenType: 1,
    });
    expect(calls.embed[0]?.element).toBe(screen.getByRole('region'));
    expect(calls.embed[0]?.element).toHaveAttribute('data-embed', 'powerbi-client');

    // a refreshed embed answer: the same report, a new token, no new embed
    view.unmount();
    calls.embed.length = 0;
    const again = render(<PowerBiReport embed={embed('token-1')} title="Tableau de bord eau" />);
    await waitFor(() => expect(calls.embed).toHaveLength(1));
    again.rerender(<PowerBiReport embed={embed('token-2')} title="Tableau de bord eau" />);
    await waitFor(() => expect(calls.tokens).toContain('token-2'));
    expect(calls.embed).toHaveLength(1);
    again.unmount();
    expect(calls.reset).toBeGreaterThan(0);
  });
});
