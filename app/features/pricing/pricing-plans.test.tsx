// The plans as the server renders them (issue #21): prices in minor units, the
// yearly saving, the visitor's plan marked, and Choose as a sign-in link for a
// guest or a submit button for a signed-in visitor.
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../domain/payments-contracts.ts';
import { PricingPlans, type PricingData } from './pricing-plans.tsx';

function plan(id: number, code: string, name: string, over: Partial<Plan>): Plan {
  return {
    id,
    code,
    name,
    kind: 'premium',
    sport: null,
    interval: null,
    durationDays: null,
    prices: [],
    features: [],
    entitlements: [],
    trialDays: 0,
    version: 1,
    ...over,
  };
}

const plans: Plan[] = [
  plan(1, 'free', 'Free', { kind: 'free', features: ['Scores, fixtures and results'] }),
  plan(2, 'premium-monthly', 'Premium monthly', {
    interval: 'month',
    durationDays: 30,
    prices: [{ currency: 'EUR', amountMinor: 499 }],
    features: ['No ads'],
  }),
  plan(3, 'premium-yearly', 'Premium yearly', {
    interval: 'year',
    durationDays: 365,
    prices: [
      { currency: 'USD', amountMinor: 5490 },
      { currency: 'EUR', amountMinor: 4990 },
    ],
    features: ['No ads'],
  }),
];

function render(over: Partial<PricingData>) {
  const data: PricingData = {
    plans,
    providers: ['sandbox'],
    currency: 'EUR',
    signedIn: false,
    current: null,
    chosenPlanId: null,
    trialPlanIds: [],
    refundWindowDays: 14,
    path: '/pricing',
    ...over,
  };
  const Stub = createRoutesStub([
    { path: '/pricing', Component: () => <PricingPlans data={data} answer={undefined} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/pricing']} />);
}

describe('PricingPlans', () => {
  it('shows each plan’s price and the yearly saving against twelve months', () => {
    const html = render({});
    expect(html).toContain('€4.99');
    expect(html).toContain('€49.90');
    expect(html).toContain('Save 16% (€9.98) against paying monthly');
  });

  it('shows prices in the currency checkout charges in', () => {
    const html = render({ currency: 'USD' });
    expect(html).toContain('US$54.90');
    expect(html).not.toContain('€49.90');
  });

  it('sends a guest to sign in and back to the same choice', () => {
    const html = render({});
    expect(html).toContain(`href="/login?redirect=${encodeURIComponent('/pricing?plan=premium-yearly')}"`);
    expect(html).not.toContain('<form');
  });

  it('marks a signed-in visitor’s plan and posts their choice with the way to pay', () => {
    const html = render({ signedIn: true, current: { planId: 3, expiresAt: '2027-01-31T10:00:00.000Z' } });
    expect(html).toContain('Your plan');
    expect(html).toContain('Until <time dateTime="2027-01-31T10:00:00.000Z">31 January 2027</time>');
    expect(html).toMatch(/<button type="submit" value="2"[^>]*name="planId">Choose<span/);
    expect(html).toMatch(/<button type="submit" value="3"[^>]*name="planId">Renew<span/);
    expect(html).toContain('<input type="hidden" name="provider" value="sandbox"/>');
  });

  it('picks out the plan chosen before signing in, one button from paying', () => {
    const html = render({ signedIn: true, current: { planId: 1, expiresAt: null }, chosenPlanId: 3 });
    expect(html).toContain('You chose <strong>Premium yearly</strong>, €49.90 a year.');
    expect(html).toMatch(/value="3"[^>]*>Continue to payment/);
  });

  it('asks which way to pay when the site offers several, the first one picked', () => {
    const html = render({ signedIn: true, providers: ['stripe', 'local'] });
    expect(html).toContain('<legend class="font-semibold">Pay with</legend>');
    expect(html).toMatch(/<input type="radio" name="provider" checked="" value="stripe"\/>Card/);
    expect(html).toMatch(/<input type="radio" name="provider" value="local"\/>Bank transfer/);
    expect(html).not.toContain('type="hidden" name="provider"');
  });

  it('offers a signed-in visitor the free trial they may take, and shows the trial to everyone', () => {
    const trialPlans = plans.map((item) => (item.id === 2 ? { ...item, trialDays: 7 } : item));
    const html = render({ signedIn: true, plans: trialPlans, trialPlanIds: [2] });
    expect(html).toContain('First 7 days free');
    expect(html).toMatch(/<button type="submit" value="2"[^>]*name="trial"[^>]*>Start 7-day free trial<span/);
    expect(html.match(/name="trial"/g)).toHaveLength(1);
    const used = render({ signedIn: true, plans: trialPlans, trialPlanIds: [] });
    expect(used).toContain('First 7 days free');
    expect(used).not.toContain('free trial');
  });

  it('offers no Choose while the site takes no payments', () => {
    const html = render({ providers: [] });
    expect(html).toContain('Not on sale yet.');
    expect(html).not.toContain('/login?redirect=');
  });
});
