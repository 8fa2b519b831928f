import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { renderRoutes, stubApi } from '../../../test/render-app.tsx';

const notConfigured = {
  body: {
    captcha: { provider: 'none', site_key: null },
    support: { email: null, phone: null },
    social: { facebook: null, instagram: null },
  },
};

// Each page is a lazy route: its first load is slow in jsdom.
const pageHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

describe('the information pages', () => {
  it.each([
    ['/about', 'About Monastery Puja', 'Who performs the pujas'],
    ['/faq', 'Frequently asked questions', 'Can I order a puja for someone else?'],
    ['/terms', 'Terms of use', 'Orders and prices'],
    ['/privacy', 'Privacy', 'Deleting your account'],
    ['/refunds', 'Refund and cancellation policy', 'How refunds are made'],
  ])('%s is a public page with its title and sections', async (path, title, section) => {
    stubApi({ '/api/client-config': notConfigured });
    renderRoutes(routes, path);
    expect(await pageHeading(title)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Monastery Puja`);
  });

  it('says what the refund policy really does: in full, to the wallet, Khalti through its service, eSewa recorded', async () => {
    stubApi({ '/api/client-config': notConfigured });
    renderRoutes(routes, '/refunds');
    await pageHeading('Refund and cancellation policy');
    expect(
      screen.getByText(/until the monastery approves it, whether you have paid or not/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Khalti payments go back through Khalti's own refund service/),
    ).toBeInTheDocument();
    expect(screen.getByText(/record each refund with its reference/)).toBeInTheDocument();
    expect(screen.getByText(/Your receipt has a page for each refund made/)).toBeInTheDocument();
  });

  it('privacy says what a link’s payer gives the wallets, and Stripe only where cards are taken', async () => {
    stubApi({ '/api/client-config': notConfigured });
    const { unmount } = renderRoutes(routes, '/privacy');
    await pageHeading('Privacy');
    expect(
      screen.getByText(
        /eSewa or Khalti receive only what that person gives: the amount and, with Khalti, the name/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Stripe/)).not.toBeInTheDocument();
    unmount();

    stubApi({
      '/api/client-config': {
        body: { ...notConfigured.body, payments: { test_mode: false, cards_enabled: true } },
      },
    });
    renderRoutes(routes, '/privacy');
    await pageHeading('Privacy');
    expect(
      await screen.findByText(
        /you type your card's details on Stripe's own payment page: Stripe receives them/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/or your card's number\./)).toBeInTheDocument();
    expect(screen.getByText(/eSewa or Khalti receive only what that person gives/)).toBeInTheDocument();
  });

  it('Contact gives the team’s e-mail and phone when the server has them', async () => {
    stubApi({
      '/api/client-config': {
        body: {
          ...notConfigured.body,
          support: { email: 'help@puja.example.org', phone: '+977 1 4412345' },
        },
      },
    });
    renderRoutes(routes, '/contact');
    await pageHeading('Contact us');
    expect(await screen.findByRole('link', { name: 'help@puja.example.org' })).toHaveAttribute(
      'href',
      'mailto:help@puja.example.org',
    );
    expect(screen.getByRole('link', { name: '+977 1 4412345' })).toHaveAttribute('href', 'tel:+97714412345');
    expect(screen.queryByText(/There is no separate support address/)).not.toBeInTheDocument();
  });

  it('Contact without them sends people to their order’s messages', async () => {
    stubApi({ '/api/client-config': notConfigured });
    renderRoutes(routes, '/contact');
    await pageHeading('Contact us');
    expect(await screen.findByText(/There is no separate support address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('link', { name: /mailto/ })).not.toBeInTheDocument();
  });
});

describe('the footer', () => {
  it('links every information page', async () => {
    stubApi({ '/api/client-config': notConfigured });
    renderRoutes(routes, '/about');
    await pageHeading('About Monastery Puja');
    const help = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Help' });
    expect(
      within(help)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['About us', '/about'],
      ['Contact', '/contact'],
      ['FAQ', '/faq'],
      ['Terms of use', '/terms'],
      ['Privacy', '/privacy'],
      ['Refunds & cancellation', '/refunds'],
    ]);
  });

  it('shows the social pages the server is configured with, and none otherwise', async () => {
    stubApi({
      '/api/client-config': {
        body: {
          ...notConfigured.body,
          social: { facebook: 'https://www.facebook.com/monastery.puja', instagram: null },
        },
      },
    });
    renderRoutes(routes, '/about');
    await pageHeading('About Monastery Puja');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/monastery.puja',
    );
    expect(within(footer).queryByRole('link', { name: 'Instagram' })).not.toBeInTheDocument();
  });

  it('has no Follow Us column without social pages', async () => {
    stubApi({ '/api/client-config': notConfigured });
    renderRoutes(routes, '/faq');
    await pageHeading('Frequently asked questions');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('navigation', { name: 'Follow Us On' })).not.toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /Facebook|Instagram/ })).not.toBeInTheDocument();
  });
});
