import { useEffect, useState, type ReactNode } from 'react';
import type { PartnerConfig } from '../../config/generated/partner.ts';
import { offerDayTime, offerState, type OfferState } from '../../config/offer.ts';
import { offerWords } from '../../i18n/areas/offer.ts';
import { useText } from '../../i18n/words.ts';
import { useHydrated } from '../hydration.ts';
import styles from './OfferGate.module.css';

/** Timers longer than this overflow (about 24.8 days); a later change waits for a reload. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The partner's offer at this moment, kept current: it changes by itself when the offer opens or
 * ends while the page is open. During the prerender and hydration it is "open", as the page was
 * written, so hydration matches; the visitor's clock decides straight after.
 */
export function useOfferState(partner: PartnerConfig): OfferState {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const state = offerState(partner, now);
  const changesAt = 'changesAt' in state ? state.changesAt : undefined;
  useEffect(() => {
    if (changesAt === undefined) return undefined;
    const wait = changesAt - Date.now();
    if (wait > LONGEST_TIMER_MS) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [changesAt]);
  return hydrated ? state : { kind: 'open' };
}

/**
 * What stands in for the signup form or the claim while a limited-time offer is closed (the
 * partner file's offer.schedule): the day it opens, or that it has ended. The server refuses a
 * checkout then too (server/routes/checkout.ts), so a visitor whose clock is wrong is told there.
 */
export function OfferGate({
  partner,
  headingLevel = 2,
  framed = true,
  children,
}: {
  partner: PartnerConfig;
  /** The level of the notice's heading: the one of the form it stands in for. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** A card of its own, as the signup form it stands in for; false inside a card already. */
  framed?: boolean;
  children: ReactNode;
}) {
  const state = useOfferState(partner);
  const t = useText(offerWords);
  if (state.kind === 'open') return children;
  const Heading = `h${headingLevel}` as const;
  // The day as the file writes it, said in the page's language.
  const { start = '', end = '' } = partner.offer.schedule ?? {};
  const day = offerDayTime(state.kind === 'upcoming' ? start : end);
  return (
    <div className={framed ? styles.framed : undefined} data-offer={state.kind}>
      <Heading className={styles.heading}>
        {state.kind === 'upcoming' ? t('notOpenTitle') : t('endedTitle')}
      </Heading>
      <p className={styles.text}>
        {state.kind === 'upcoming'
          ? t('opensOn', { day })
          : t('endedOn', { day, partner: partner.name })}
      </p>
    </div>
  );
}
