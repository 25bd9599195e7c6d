import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { PartnerContext } from '../partner/PartnerContext.ts';
import { createQueryClient } from '../services/query/queryClient.ts';
import type { PartnerConfig } from '../config/generated/partner.ts';
import { site } from '../config/partners.ts';
import { SignupHandlerContext } from '../blocks/signupHandler.ts';
import { memoryAnalytics } from '../services/analytics.ts';
import type { Api } from '../services/api.ts';
import { localBotCheck } from '../services/botCheck.ts';
import { ServicesProvider, type Services } from '../services/services.tsx';
import { partnerThemeStyle } from '../partner/partnerTheme.ts';

/** Previews never call a server: the API answers from memory after a short pause. */
const storyApi: Api = {
  signup: async () => ({ actionToken: 'story-action-token' }),
  createCheckoutSession: async () => ({
    clientSecret: 'test_secret_story',
    orderId: 'ord_story',
    provider: 'test',
  }),
  checkoutStatus: async () => ({ status: 'open' }),
  confirmFreeClaim: async () => ({ returnUrl: '/claim-offer/payment-return' }),
  complete: async () => undefined,
  resendLink: async () => ({ accepted: true }),
};

export const previewServices: Services = {
  api: storyApi,
  botCheck: localBotCheck,
  analytics: memoryAnalytics(),
  storage: {
    saveDescribeHome: () => undefined,
    readDescribeHome: () => undefined,
    clearDescribeHome: () => undefined,
    saveZipCode: () => undefined,
    readZipCode: () => undefined,
    clearZipCode: () => undefined,
    markPurchaseReported: () => true,
  },
  testPayments: undefined,
  stripePublishableKey: undefined,
  environment: 'dev',
};

const waitASecond = () => new Promise<void>((resolve) => setTimeout(resolve, 1000));

/**
 * Everything a section or page needs around it, themed for one partner. Journey pages pass their
 * own fake services and the address (with navigation state) the page is opened at.
 */
export function PreviewProviders({
  partner,
  services = previewServices,
  initialEntries,
  children,
}: {
  partner: PartnerConfig;
  services?: Services;
  initialEntries?: InitialEntry[];
  children: ReactNode;
}) {
  // One query cache per rendered story, so no story sees another's answers.
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <ServicesProvider services={services}>
          <MemoryRouter initialEntries={initialEntries}>
            <PartnerContext.Provider value={{ partner, site }}>
              <SignupHandlerContext.Provider value={waitASecond}>
                <div
                  className="partner-root"
                  data-partner={partner.id}
                  style={partnerThemeStyle(partner)}
                >
                  {children}
                </div>
              </SignupHandlerContext.Provider>
            </PartnerContext.Provider>
          </MemoryRouter>
        </ServicesProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
