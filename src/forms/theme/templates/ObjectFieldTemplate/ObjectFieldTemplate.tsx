import { Fragment } from 'react';
import type {
  FormContextType,
  ObjectFieldTemplateProps,
  RJSFSchema,
  StrictRJSFSchema,
} from '@rjsf/utils';
import styles from './ObjectFieldTemplate.module.css';

/** The fields in a simple vertical stack. The form's own heading stands in for the object title. */
export function ObjectFieldTemplate<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
>(props: ObjectFieldTemplateProps<T, S, F>) {
  return (
    <div className={styles.stack}>
      {props.properties
        .filter((property) => !property.hidden)
        .map((property) => (
          <Fragment key={property.name}>{property.content}</Fragment>
        ))}
    </div>
  );
}
