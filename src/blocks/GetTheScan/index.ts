export { GetTheScan as default } from './GetTheScan.tsx';
