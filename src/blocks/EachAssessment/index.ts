export { EachAssessment as default } from './EachAssessment.tsx';
