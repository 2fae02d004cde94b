// What the server answers to a request it cannot read (bad JSON, too large, not HTTP). Apart from
// messages.ts, whose MESSAGES the page's first bundle carries: the page never shows these itself.
export const REQUEST_ERROR_MESSAGES = {
  validationFailed: 'The given data was invalid.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  bodyNotObject: 'Send a JSON object as the request body (Content-Type: application/json).',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
  badUrl: 'The address is not valid: a % in it must start an escape such as %20.',
  badRequest: 'The request is not valid HTTP and could not be read.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
} as const;
