export { ImageText as default } from './ImageText.tsx';
