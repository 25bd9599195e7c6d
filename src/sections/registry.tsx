import { EachAssessment } from './EachAssessment/EachAssessment.tsx';
import { Footer } from './Footer/Footer.tsx';
import { GetTheScan } from './GetTheScan/GetTheScan.tsx';
import { Hero } from './Hero/Hero.tsx';
import { HowItWorks } from './HowItWorks/HowItWorks.tsx';
import { Retailer } from './Retailer/Retailer.tsx';
import { Testimonials } from './Testimonials/Testimonials.tsx';
import type { SectionRegistry } from './types.ts';

/** Section type -> component. Adding a type means adding it to sectionTypes.ts, the schema and here. */
export const sectionRegistry: SectionRegistry = {
  hero: Hero,
  eachAssessment: EachAssessment,
  howItWorks: HowItWorks,
  retailer: Retailer,
  testimonials: Testimonials,
  getTheScan: GetTheScan,
  footer: Footer,
};
