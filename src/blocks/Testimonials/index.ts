export { Testimonials as default } from './Testimonials.tsx';
