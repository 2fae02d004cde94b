/** Every path of docs/product.md §7 and §2, named once. */
export const API_ROUTES = {
  session: '/api/session',
  getApiKey: '/api/get-api-key',
  listModelsChatgpt: '/api/list-models-chatgpt',
  listModelsPalmapi: '/api/list-models-palmapi',
  /** Both pickers' models with retirement days and each side's default (docs/keeping-models-current.md). */
  models: '/api/models',
  getChatData: '/api/getChatData',
  shareLink: '/api/shareLink',
  sharedChat: '/api/chat/:hash',
  logDetails: '/log-details',
  logDownload: '/log-details/download',
  contactUs: '/api/contact-us',
  key: '/api/key',
  /** A visitor's own data: GET to see, DELETE to delete all of it. */
  myData: '/api/my-data',
  myDataDownload: '/api/my-data/download',
  myDataComparison: '/api/my-data/comparisons/:logId',
  /** One conversation, every turn of it (its id is its first turn's log id). */
  myDataConversation: '/api/my-data/conversations/:conversationId',
  /** Blind comparisons and votes: the same body as getChatData, answered as "Answer A/B". */
  blindComparison: '/api/blind-comparisons',
  blindVote: '/api/blind-comparisons/:logId/vote',
  /** A blind conversation ended without a vote: its pairing revealed. Its turns go to blindComparison. */
  blindEnd: '/api/blind-conversations/:conversationId/end',
  scoreboard: '/api/votes/scoreboard',
  /** The services either side can use (any model per side): kind, name, models, settings. */
  services: '/api/services',
  /** A subscriber's saved key per service, masked (GET); PUT/DELETE `/api/service-keys/:service` change one. */
  serviceKeys: '/api/service-keys',
  serviceKey: '/api/service-keys/:service',
} as const;

export const PAGE_ROUTES = {
  home: '/',
  sharedChat: '/chatid/:hash',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  /** A prompt-list run's results, prompt by prompt. */
  runResults: '/runs/:id',
} as const;

export const sharedChatApiPath = (hash: string) => `/api/chat/${encodeURIComponent(hash)}`;
export const sharedChatPagePath = (hash: string) => `/chatid/${encodeURIComponent(hash)}`;
export const logDownloadPath = (format: 'csv' | 'json') => `/log-details/download?format=${format}`;
export const blindVotePath = (logId: string) => `/api/blind-comparisons/${encodeURIComponent(logId)}/vote`;
export const blindEndPath = (conversationId: string) => `/api/blind-conversations/${encodeURIComponent(conversationId)}/end`;
