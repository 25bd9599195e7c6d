export { HowItWorks as default } from './HowItWorks.tsx';
