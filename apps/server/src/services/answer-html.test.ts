import { describe, expect, it } from 'vitest';
import { createAnswerHtml, SERVER_RENDER_MAX_CHARS } from './answer-html.ts';

const render = async (text: string) => {
  const html = await createAnswerHtml().render(text);
  if (html === null) throw new Error('not rendered');
  return html;
};

/** Every start tag in `html`, with its attributes. */
function tags(html: string): { name: string; attributes: [string, string][] }[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)].map(([, name, attributes]) => ({
    name: name!.toLowerCase(),
    attributes: [...(attributes ?? '').matchAll(/\s+([^\s=>]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!.toLowerCase(), value ?? '']),
  }));
}

/** What a rendered answer may hold: formatting elements, and as attributes only classes, safe links and table alignment. */
const ALLOWED_ELEMENTS = new Set('div p span a strong em del code pre ul ol li table thead tbody tr th td h1 h2 h3 h4 h5 h6 blockquote hr br input sup section'.split(' '));
function expectOnlySafeMarkup(html: string) {
  expect(html).not.toMatch(/<(?:script|img|iframe|object|embed|svg|style|link|meta)\b/i);
  for (const { name, attributes } of tags(html)) {
    expect(ALLOWED_ELEMENTS, name).toContain(name);
    for (const [key, value] of attributes) {
      expect(['class', 'href', 'target', 'rel', 'style', 'id', 'type', 'checked', 'disabled', 'start', 'data-footnotes', 'data-footnote-ref', 'data-footnote-backref', 'aria-label', 'aria-describedby', 'dir'], `${name} ${key}`).toContain(key);
      if (key === 'href') expect(value).toMatch(/^(?:https?:|mailto:|#)/i);
      if (key === 'style') expect(value).toMatch(/^text-align:(?:left|right|center)$/);
    }
  }
}

describe('answers rendered on the server', () => {
  it('renders GitHub-flavoured Markdown as the browser does: heading, list, table and highlighted code', async () => {
    const html = await render('## Sorting\n\n- **Quick**\n- Merge\n\n| Name | Cost |\n| --- | ---: |\n| quick | n log n |\n\n```python\ndef double(x):\n    return x * 2\n```\n');
    expect(html.startsWith('<div class="answer-markdown">')).toBe(true);
    expect(html).toContain('<h2>Sorting</h2>');
    expect(html).toContain('<li><strong>Quick</strong></li>');
    expect(html).toContain('<div class="table-responsive"><table class="table table-sm table-bordered w-auto">');
    expect(html).toContain('<td style="text-align:right">n log n</td>');
    // The code block as the browser's, without its copy button (the page adds it).
    expect(html).toContain('<div class="answer-code"><pre><code class="language-python hljs"><span class="hljs-keyword">def</span>');
    expectOnlySafeMarkup(html);
  });

  it('runs nothing from a hostile answer: <img onerror>, <script> and javascript: links stay text', async () => {
    const html = await render(
      [
        'Intro <img src=x onerror="alert(1)"> <script>alert(2)</script>',
        '',
        '<script>',
        'alert(3)',
        '</script>',
        '',
        '[click me](javascript:alert(4)) [upper](JaVaScRiPt:alert(5)) <javascript:alert(6)> <a href="javascript:alert(7)">raw</a>',
        '',
        '![cat](javascript:alert(8)) [data](data:text/html,<script>alert(9)</script>) <iframe src="https://example.com"></iframe>',
      ].join('\n'),
    );
    // No element that loads or runs anything, no event-handler attribute, no javascript:/data: address.
    expectOnlySafeMarkup(html);
    // Shown as the text the answer wrote.
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('&lt;a href=&quot;javascript:alert(7)&quot;&gt;');
    // A link whose address the rules dropped keeps its words, unlinked.
    expect(html).toContain('<span>click me</span>');
    expect(html).toContain('<span>upper</span>');
    expect(html).not.toContain('href=""');
  });

  it('keeps http(s) and mailto links, opening in a new tab without handing over the page; an image is a link', async () => {
    const html = await render('[site](https://example.com/a) [mail](mailto:a@example.com) [rel](/local)\n\n![a cat](https://example.com/cat.png)');
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer">mail</a>');
    expect(html).toContain('<span>rel</span>');
    expect(html).toContain('<a href="https://example.com/cat.png" target="_blank" rel="noopener noreferrer">[image: a cat]</a>');
    expectOnlySafeMarkup(html);
  });

  it('writes out where a link leads when its text is the address of another host, as the browser does', async () => {
    const html = await render('[https://bank.example](https://evil.example/login) and [bank.example](https://bank.example/a) and [the docs](https://docs.example)');
    expect(html).toContain('<a href="https://evil.example/login" target="_blank" rel="noopener noreferrer">https://bank.example <span class="answer-link-host">(leads to evil.example)</span></a>');
    expect(html).toContain('<a href="https://bank.example/a" target="_blank" rel="noopener noreferrer">bank.example</a>');
    expect(html).toContain('<a href="https://docs.example" target="_blank" rel="noopener noreferrer">the docs</a>');
    expectOnlySafeMarkup(html);
  });

  it('leaves an answer over the limit to the browser, and renders each text once', async () => {
    const answers = createAnswerHtml();
    expect(await answers.render('x'.repeat(SERVER_RENDER_MAX_CHARS + 1))).toBeNull();
    const text = '```js\nconst a = 1;\n```';
    const first = await answers.render(text);
    expect(await answers.render(text)).toBe(first);
  });

  // Thousands of nested quotes make the parser recurse past the stack: a 500 on every GET of the
  // shared page before, now that answer is left to the browser and the other still renders here.
  it('leaves an answer nested deeper than the stack reaches to the browser instead of failing the page', { timeout: 60_000 }, async () => {
    const answers = createAnswerHtml();
    const deep = `${'> '.repeat(7_999)}x`;
    expect(deep.length).toBeLessThanOrEqual(SERVER_RENDER_MAX_CHARS);
    expect(await answers.render(deep)).toBeNull();
    expect(await answers.render('still *fine*')).toBe('<div class="answer-markdown"><p>still <em>fine</em></p></div>');
  });
});
