import type { ShareNow } from './sharesNow.ts';
import { versionColor } from './versionColors.ts';
import { versionName } from './experimentParts.tsx';

/** Who sees which version now: a bar split by share, and the same in words. */
export function Shares({ shares }: { shares: ShareNow[] }) {
  return (
    <div className="studio-shares">
      <h4 className="studio-shares-title">Share of visitors</h4>
      <div className="studio-share-bar" aria-hidden="true">
        {shares.map((version, index) => (
          <span
            key={index}
            className="studio-share-part"
            style={{ flexGrow: version.now, background: versionColor(index) }}
          />
        ))}
      </div>
      <ul className="studio-share-list" data-testid="version-shares">
        {shares.map((version, index) => (
          <li key={index}>
            <span
              className="studio-share-key"
              style={{ background: versionColor(index) }}
              aria-hidden="true"
            />
            <strong>{version.words}</strong> {versionName(version.id, index)}
            <span className="studio-muted"> (weight {version.weight})</span>
          </li>
        ))}
      </ul>
      <p className="studio-help">
        Weights are compared with each other: 50 and 50 split visitors evenly, 3 and 1 give three in
        four the first. A variant outside its schedule gets no visitors meanwhile; its share goes to
        the others.
      </p>
    </div>
  );
}
