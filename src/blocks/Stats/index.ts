export { Stats as default } from './Stats.tsx';
