import type { ReactNode } from 'react';
import { partners } from '../../src/config/partners.ts';

/** Every partner in its own column, for comparing one section across partners. */
export function PartnerColumns({ render }: { render: (partnerId: string) => ReactNode }) {
  return (
    <div
      style={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: 'minmax(390px, 1fr)',
        gap: 24,
        padding: 16,
        overflowX: 'auto',
        background: '#eef0f2',
      }}
    >
      {partners.map((partner) => (
        <section key={partner.id} aria-label={partner.name} style={{ background: '#fff' }}>
          <p
            style={{
              margin: 0,
              padding: '8px 12px',
              font: '700 14px/1.4 system-ui, sans-serif',
              background: '#2f3437',
              color: '#fff',
            }}
          >
            {partner.name} ({partner.id})
          </p>
          {render(partner.id)}
        </section>
      ))}
    </div>
  );
}
