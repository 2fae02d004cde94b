import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error.ts';

/** Where the first string holding U+0000 sits ("prompt", "chatGPT.messages.0.content"), or undefined. */
export function findNul(value: unknown, root = ''): string | undefined {
  // Iterative on purpose: a 1 MiB body can nest arrays far deeper than the call stack goes.
  const stack: [unknown, string][] = [[value, root]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [current, path] = entry;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'body';
    } else if (typeof current === 'object' && current !== null) {
      const children = Array.isArray(current) ? current.entries() : Object.entries(current);
      for (const [key, child] of children) stack.push([child, path ? `${path}.${key}` : String(key)]);
    }
  }
  return undefined;
}

export const nulMessage = (field: string) => `${field} contains a NUL character (\\u0000), which cannot be stored. Remove it and send again.`;

/**
 * PostgreSQL text cannot hold U+0000 while SQLite can, so a prompt, contact message or prompt
 * list carrying one would be a 500 on one store only, and for a comparison only after the
 * upstream calls were made. Refusing it before the handler keeps both stores alike and answers
 * 422 naming the field. It looks at the validated input, so fields the schema drops do not count.
 */
export const nulGuardPlugin = fp(
  (app, _options, done) => {
    app.addHook('preHandler', (request, _reply, next) => {
      const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
      if (field === undefined) return next();
      next(new ApiError('validation_failed', nulMessage(field), { [field]: [nulMessage(field)] }));
    });
    done();
  },
  { name: 'nul-guard' },
);
