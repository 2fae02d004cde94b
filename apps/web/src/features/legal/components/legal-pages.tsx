// The route table imports both pages from here; each lives in its own file.
export { PrivacyPolicyPage } from './privacy-policy-page.tsx';
export { TermsAndConditionsPage } from './terms-and-conditions-page.tsx';
