export { FieldTemplate } from './FieldTemplate.tsx';
