export { Offer as default } from './Offer.tsx';
