export { TextWidget } from './TextWidget.tsx';
