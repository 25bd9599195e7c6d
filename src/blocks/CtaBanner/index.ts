export { CtaBanner as default } from './CtaBanner.tsx';
