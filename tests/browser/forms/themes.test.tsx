import { describeThemeSuite } from './themeSuite.tsx';
import { studioTheme } from '../../../studio/src/forms/studioTheme.ts';
import type { StudioFormContext } from '../../../studio/src/forms/formContext.ts';
import '../../../studio/src/studio.css';

/* The theme suite over each theme the project ships (issue 38, item 4). */
describeThemeSuite({ name: "the site's theme (src/forms/theme)", extension: {} });

const studioContext: StudioFormContext = { images: [], warnings: {} };
describeThemeSuite({
  name: "the studio's extension (studio/src/forms/studioTheme.ts)",
  extension: studioTheme,
  formContext: { ...studioContext },
});
