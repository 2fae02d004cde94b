import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps visitor text out of replacement strings (eslint.config.js), run on
// snippets: it must catch every computed replacement and let literals and replacer functions be.
const config = ((await import(new URL('../../../eslint.config.js', import.meta.url).href)) as { default: Linter.Config[] }).default;
const rule = config.find((entry) => entry.rules?.['no-restricted-syntax'])?.rules?.['no-restricted-syntax'];
const problems = (code: string) => new Linter().verify(code, [{ rules: { 'no-restricted-syntax': rule! } }]).map((problem) => problem.message);

describe('the computed-replacement lint rule', () => {
  it('refuses a replacement built from data: a template with values, a variable, a call, a sum', () => {
    for (const replacement of ['`${text}</head>`', 'text', 'String(text)', "text + '</head>'", 'cond ? a : b']) {
      for (const method of ['replace', 'replaceAll']) {
        expect(problems(`html.${method}(/<\\/head>/, ${replacement});`), `${method} ${replacement}`).toEqual([expect.stringContaining('a computed replacement string expands $&')]);
      }
    }
    expect(problems('page?.replace("</head>", `${meta}`);')).toHaveLength(1);
  });

  it('lets literals, plain templates, replacer functions and one-argument calls through', () => {
    for (const call of ["s.replace(/a/g, 'b')", 's.replace(/a/g, `b`)', 's.replaceAll("a", (m) => m + x)', 's.replace(/a/, function () { return x; })', 'location.replace(url)']) {
      expect(problems(`${call};`), call).toEqual([]);
    }
  });
});
