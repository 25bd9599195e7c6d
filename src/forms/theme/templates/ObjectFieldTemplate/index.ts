export { ObjectFieldTemplate } from './ObjectFieldTemplate.tsx';
