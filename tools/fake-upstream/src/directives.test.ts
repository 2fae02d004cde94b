import { describe, expect, it } from 'vitest';
import { findDirectiveScenario, parseDirectiveBody, stripDirectives } from './directives.ts';

describe('directives', () => {
  it('parses every key; text takes the rest, commas included', () => {
    expect(parseDirectiveBody('latency=250,status=429,retry-after=3,quota,context,malformed=false,hang,reset,text=Hi, there')).toEqual({
      latencyMs: 250, status: 429, retryAfterSeconds: 3, quota: true, context: true, malformed: false, hang: true, reset: true, text: 'Hi, there',
    });
  });

  it('matches the service, google and all; later directives win', () => {
    const text = '[[google:status=503]] [[all:latency=10]] [[palm:status=500]]';
    expect(findDirectiveScenario(text, 'gemini')).toEqual({ status: 503, latencyMs: 10 });
    expect(findDirectiveScenario(text, 'palm')).toEqual({ status: 500, latencyMs: 10 });
    expect(findDirectiveScenario(text, 'openai')).toEqual({ latencyMs: 10 });
    expect(findDirectiveScenario('no directive', 'openai')).toBeUndefined();
  });

  it('addresses anthropic and compat/<id>; reads no-usage and error-after', () => {
    const text = '[[anthropic:error-after=3]] [[compat/local:no-usage]] [[all:latency=5]]';
    expect(findDirectiveScenario(text, 'anthropic')).toEqual({ errorEventAfter: 3, latencyMs: 5 });
    expect(findDirectiveScenario(text, 'compat/local')).toEqual({ noUsage: true, latencyMs: 5 });
    expect(findDirectiveScenario(text, 'compat/other')).toEqual({ latencyMs: 5 });
    expect(stripDirectives('Hi [[compat/local:no-usage]] there')).toBe('Hi there');
  });

  it('strips directives from the prompt', () => {
    expect(stripDirectives('Tell me [[openai:status=500]] a joke [[gemini:hang]]')).toBe('Tell me a joke');
  });
});
