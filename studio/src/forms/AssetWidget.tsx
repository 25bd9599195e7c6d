import type { WidgetProps } from '@rjsf/utils';
import { TextWidget } from '../../../src/forms/theme/index.ts';
import type { StudioFormContext } from './formContext.ts';

/** A picture: its path, a choice of the partner's uploaded pictures, and a thumbnail. */
export function AssetWidget(props: WidgetProps) {
  const context = props.registry.formContext as StudioFormContext;
  const value = typeof props.value === 'string' ? props.value : '';
  const choices = [...new Set([...(value ? [value] : []), ...context.images])];
  return (
    <div className="studio-asset">
      <TextWidget {...props} />
      {choices.length > 0 && (
        <label className="studio-asset-pick">
          <span>Or choose an uploaded picture</span>
          <select
            id={`${props.id}__pick`}
            value={value}
            onChange={(event) => props.onChange(event.target.value || undefined)}
          >
            <option value="">(choose a picture)</option>
            {choices.map((path) => (
              <option key={path} value={path}>
                {path.split('/').pop()}
              </option>
            ))}
          </select>
        </label>
      )}
      {value && /\.(svg|png|jpe?g|webp|avif)$/.test(value) && (
        <img className="studio-thumb" src={value} alt="" />
      )}
    </div>
  );
}
