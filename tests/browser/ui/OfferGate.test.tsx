import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import { OfferGate } from '../../../src/ui/OfferGate/OfferGate.tsx';
import { fakeClock, realClock, until } from '../support/clock.ts';
import { cleanup, mount, partner } from '../support/render.tsx';

/*
 * A limited-time offer (offer.schedule) on the page: the signup form or the claim while it is
 * open, a notice with its day outside its dates, and the change on its own when the offer ends
 * while the page is open.
 */
afterEach(() => {
  realClock();
  cleanup();
});

const demo = partner('demo');
const iso = (ms: number) => new Date(ms).toISOString();
const withSchedule = (
  schedule: NonNullable<PartnerConfig['offer']['schedule']>,
): PartnerConfig => ({
  ...demo,
  offer: { ...demo.offer, schedule },
});
const form = <p>The signup form</p>;

describe('the offer gate', () => {
  it('shows the form while the offer is open', async () => {
    const day = 24 * 60 * 60 * 1000;
    mount(
      <OfferGate
        partner={withSchedule({ start: iso(Date.now() - day), end: iso(Date.now() + day) })}
      >
        {form}
      </OfferGate>,
    );
    await expect.element(page.getByText('The signup form')).toBeVisible();
  });

  it('says when an offer opens, with a heading at the level of the form it stands in for', async () => {
    mount(
      <OfferGate partner={withSchedule({ start: '2999-12-01T09:00:00-05:00' })} headingLevel={3}>
        {form}
      </OfferGate>,
    );
    await expect
      .element(page.getByRole('heading', { level: 3, name: 'This offer is not open yet' }))
      .toBeVisible();
    await expect
      .element(page.getByText('It opens on December 1, 2999. Please come back then to claim it.'))
      .toBeVisible();
    expect(page.getByText('The signup form').elements()).toEqual([]);
  });

  it('says that an offer has ended, and turns to that by itself when it ends on an open page', async () => {
    // On a fake clock (support/clock.ts): the form until the last millisecond, then the notice.
    fakeClock();
    mount(<OfferGate partner={withSchedule({ end: iso(Date.now() + 400) })}>{form}</OfferGate>);
    const theForm = page.getByText('The signup form');
    await until(() => theForm.elements().length === 1, 'the form shows');
    await vi.advanceTimersByTimeAsync(399);
    expect(theForm.elements()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const ended = page.getByRole('heading', { level: 2, name: 'This offer has ended' });
    await until(() => ended.elements().length === 1, 'the offer has ended');
    expect(
      page.getByText(`Thank you for your interest in ${demo.name}.`, { exact: false }).elements(),
    ).toHaveLength(1);
    expect(theForm.elements()).toEqual([]);
  });
});
