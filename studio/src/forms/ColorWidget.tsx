import type { WidgetProps } from '@rjsf/utils';
import { TextWidget } from '../../../src/forms/theme/index.ts';
import { contrastRatio, enhancedTextContrast } from '../../../src/config/contrast.ts';
import { colorPattern } from '../schema/limits.ts';
import { TintOffer } from '../brand/TintOffer.tsx';
import type { StudioFormContext } from './formContext.ts';

/** A color: its hex code, a palette, and its contrast against what it is read with. */
export function ColorWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const valid = colorPattern.test(value);
  const context = props.registry.formContext as StudioFormContext;
  const against = props.id.endsWith('textColor') ? '#FFFFFF' : (context.textColor ?? '#FFFFFF');
  const onWhite = !props.id.endsWith('textColor') && /brandColor$/.test(props.id);
  const reference = onWhite ? '#FFFFFF' : against;
  const ratio = valid && colorPattern.test(reference) ? contrastRatio(value, reference) : undefined;
  return (
    <div className="studio-color">
      <TextWidget {...props} />
      <input
        type="color"
        className="studio-color-picker"
        aria-label={`Pick ${props.label.toLowerCase()} from a palette`}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(event) => props.onChange(event.target.value.toUpperCase())}
      />
      {ratio !== undefined && (
        <p className="studio-contrast" data-contrast-for={props.id}>
          <span className="studio-swatch" style={{ background: value }} aria-hidden="true" />
          Contrast with {onWhite || props.id.endsWith('textColor')
            ? 'white'
            : 'the text color'}: <strong>{ratio.toFixed(1)}:1</strong>{' '}
          {ratio >= enhancedTextContrast
            ? '— meets the 7:1 goal for body text'
            : ratio >= 4.5
              ? '— readable (4.5:1) but below the 7:1 goal for body text'
              : '— too low: below 4.5:1'}
        </p>
      )}
      {onWhite && context.brand && (
        <TintOffer
          brandColor={value}
          textColor={context.textColor ?? '#2F3437'}
          brand={context.brand}
          fieldId={props.id}
        />
      )}
    </div>
  );
}
