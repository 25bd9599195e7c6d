export { FieldErrorTemplate } from './FieldErrorTemplate.tsx';
