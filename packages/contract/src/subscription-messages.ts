// The words of the subscription dialog and its answers (docs/product.md §2, §5). Apart from messages.ts,
// whose MESSAGES the page's first bundle carries: only the lazily loaded dialog shows these.
export const SUBSCRIPTION_MESSAGES = {
  intro:
    'To automatically submit an unlimited amount of prompts, subscribe using the link below. The subscription will be linked to the entered API keys.',
  termsRequired: 'You must accept the terms and conditions.',
  keysRequired: 'API Keys cannot be empty.',
  emailRequired: 'Email cannot be empty.',
  serverInvalidEmail: 'The email field must be a valid email address.',
  shownInvalidEmail: 'This doesn’t seem like an email, please correct.',
  unexpectedStatus: 'An unexpected error occurred while processing your request.',
  noResponse: 'An unexpected error occurred. Please try again.',
  saved: 'Your API keys and email have been saved successfully.',
} as const;
