export { Retailer as default } from './Retailer.tsx';
