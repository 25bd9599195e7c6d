export { RichText as default } from './RichText.tsx';
