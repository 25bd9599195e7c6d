export { ErrorListTemplate } from './ErrorListTemplate.tsx';
