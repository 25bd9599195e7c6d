export { SignupForm, defaultConsentText } from './signup/SignupForm.tsx';
export type { SignupFormProps, SignupValues } from './signup/SignupForm.tsx';
export { fieldsToSchema } from './signup/fieldsToSchema.ts';
export { validateField, validateSignup } from './signup/messages.ts';
