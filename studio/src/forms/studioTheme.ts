import type { ThemeExtension } from '../../../src/forms/theme/index.ts';
import { AssetWidget } from './AssetWidget.tsx';
import { ColorWidget } from './ColorWidget.tsx';
import {
  addLabel,
  FieldTemplate,
  GroupTemplate,
  SelectWidget,
  TextButton,
  TitleTemplate,
} from './templates.tsx';
import { ZonedTimeWidget } from './ZonedTimeWidget.tsx';

/**
 * The studio's extension of the project's form theme (src/forms/theme): nested groups with a
 * heading, list buttons that say what they do, the checker's warnings at each field, a colour
 * picker, a picture picker and a zoned time. One value, so the theme suite that the site's forms
 * pass runs over it too (tests/browser/forms/themes.test.tsx).
 */
export const studioTheme: ThemeExtension = {
  widgets: { ColorWidget, AssetWidget, ZonedTimeWidget, SelectWidget },
  templates: {
    ObjectFieldTemplate: GroupTemplate,
    FieldTemplate,
    TitleFieldTemplate: TitleTemplate,
    ButtonTemplates: {
      AddButton: TextButton(addLabel, 'studio-button-add'),
      CopyButton: TextButton('Duplicate'),
      MoveUpButton: TextButton('Move up'),
      MoveDownButton: TextButton('Move down'),
      RemoveButton: TextButton('Remove', 'studio-button-danger'),
    },
  },
};
