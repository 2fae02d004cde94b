import { describe, expect, it } from 'vitest';
import {
  API_ROUTES,
  CONTACT_MESSAGE_MIN_LENGTH,
  COOKIE_NAMES,
  COOKIE_PATH,
  DEFAULT_BARD_MESSAGES,
  DEFAULT_CHATGPT_MESSAGES,
  ERROR_STATUS,
  ESCAPE_KEY_CODE,
  FREE_PROMPTS,
  MESSAGES,
  PAGE_ROUTES,
  RESULT_TITLES,
  SUBSCRIPTION_CLOSE_DELAY_MS,
  SUBSCRIPTION_MESSAGES,
  TOAST_MS,
  XSRF_HEADER,
} from './index.ts';

/**
 * The spec's words, numbers and paths written out here by hand, so that a change to the
 * contract (which every other test reads from) cannot slip through unnoticed (docs/product.md §2–§9).
 */
describe('the contract says what docs/product.md says', () => {
  it('keeps every user-facing text of docs/product.md §2, §4, §5 and §8', () => {
    expect(MESSAGES.pendingResult).toBe('The request has not been sent yet. Please fill in the form/data and click the prompt button.');
    expect(MESSAGES.emptyPrompt).toBe('Prompt cannot be empty');
    expect(MESSAGES.freeCapReached).toBe('You need to enter your own API key to get more than 5 prompts.');
    expect(MESSAGES.unexpectedError).toBe('An unexpected error occurred');
    expect(MESSAGES.topPWarning).toBe("ChatGPT doesn't suggest using both top_p and Temperature fields at the same time. Are you sure?");
    expect(MESSAGES.linkCopied).toBe('Link copied to clipboard!');
    expect(MESSAGES.loading).toBe('Loading...');
    expect(MESSAGES.logFetchFailed).toBe('Error fetching log details. Please try again later.');
    expect(MESSAGES.contact).toMatchObject({
      invalidEmail: 'Please enter a valid email.',
      emptyMessage: 'Message cannot be empty.',
      shortMessage: 'Message is too short.',
      failed: 'There was an error sending your message. Please try again.',
      sent: 'Thank you for your message! We will get back to you soon.',
    });
    expect(SUBSCRIPTION_MESSAGES).toMatchObject({
      termsRequired: 'You must accept the terms and conditions.',
      keysRequired: 'API Keys cannot be empty.',
      emailRequired: 'Email cannot be empty.',
      serverInvalidEmail: 'The email field must be a valid email address.',
      shownInvalidEmail: 'This doesn’t seem like an email, please correct.',
      unexpectedStatus: 'An unexpected error occurred while processing your request.',
      noResponse: 'An unexpected error occurred. Please try again.',
      saved: 'Your API keys and email have been saved successfully.',
    });
    expect(SUBSCRIPTION_MESSAGES.intro).toMatch(/automatically submit an unlimited amount of prompts, subscribe using the link below.*linked to the entered API keys/i);
    expect(RESULT_TITLES).toEqual({ chatGPT: 'ChatGPT', palmAPI: 'Palm API' });
  });

  it('keeps the default messages of docs/product.md §3', () => {
    expect(DEFAULT_CHATGPT_MESSAGES).toEqual([
      { role: 'user', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Hello!' },
    ]);
    expect(DEFAULT_BARD_MESSAGES).toEqual([
      { author: 'Bard', content: 'You are a helpful assistant.' },
      { author: 'Bard', content: 'Hello!' },
    ]);
  });

  it('keeps the durations, limits, key code and cookies of docs/product.md §4, §7 and §9', () => {
    expect(FREE_PROMPTS).toBe(5);
    expect(CONTACT_MESSAGE_MIN_LENGTH).toBe(10);
    expect(TOAST_MS).toEqual({ emptyPrompt: 500, unexpectedError: 5000, freeCapReached: 8000, subscriptionSaved: 2000 });
    expect(SUBSCRIPTION_CLOSE_DELAY_MS).toBe(400);
    expect(ESCAPE_KEY_CODE).toBe(27);
    expect(COOKIE_PATH).toBe('/');
    expect(COOKIE_NAMES).toEqual({ chatgptKey: 'chatgptKey', palmapiKey: 'palmapiKey', xsrf: 'XSRF-TOKEN' });
    expect(XSRF_HEADER).toBe('X-XSRF-TOKEN');
  });

  it('keeps the paths of docs/product.md §2 and §7 and the statuses the spec names', () => {
    expect(API_ROUTES).toMatchObject({
      getApiKey: '/api/get-api-key',
      listModelsChatgpt: '/api/list-models-chatgpt',
      listModelsPalmapi: '/api/list-models-palmapi',
      getChatData: '/api/getChatData',
      shareLink: '/api/shareLink',
      sharedChat: '/api/chat/:hash',
      logDetails: '/log-details',
      contactUs: '/api/contact-us',
      key: '/api/key',
    });
    expect(PAGE_ROUTES).toMatchObject({
      home: '/',
      sharedChat: '/chatid/:hash',
      privacyPolicy: '/privacy-policy',
      termsAndConditions: '/terms-and-conditions',
    });
    expect(ERROR_STATUS).toMatchObject({ free_cap_reached: 429, validation_failed: 422, conflict: 409 });
  });
});
