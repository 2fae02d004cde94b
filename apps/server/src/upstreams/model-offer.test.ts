import { describe, expect, it } from 'vitest';
import { offerModels, retiredOn, type ServiceCatalog } from './model-offer.ts';
import { GOOGLE_CATALOG } from './google/catalog.ts';
import { OPENAI_CATALOG } from './openai/catalog.ts';

const today = '2026-11-27';
const ids = (offer: { models: { id: string }[] }) => offer.models.map((model) => model.id);

describe('offerModels', () => {
  it('orders newest first (publication time, else the version in the id) and drops models past their shutdown day', () => {
    const offer = offerModels(
      [{ id: 'gpt-4o', created: 10, shutdownDate: '2027-01-14' }, { id: 'o3-mini', created: 20, shutdownDate: '2026-10-23' }, { id: 'gpt-5.1', created: 30 }, { id: 'gpt-5.1', created: 30 }],
      OPENAI_CATALOG,
      { today },
    );
    expect(offer.models).toEqual([{ id: 'gpt-5.1', reasons: true }, { id: 'gpt-4o', retiresOn: '2027-01-14', reasons: false }]);
    expect(ids(offerModels([{ id: 'gemini-2.5-pro' }, { id: 'chat-bison-001' }, { id: 'gemini-3-pro-preview' }], GOOGLE_CATALOG, { today }))).toEqual([
      'gemini-3-pro-preview', 'gemini-2.5-pro', 'chat-bison-001',
    ]);
  });

  it("picks the operator's default if listed, else the first preferred model listed, else the newest listed", () => {
    const listed = [{ id: 'gpt-5.1', created: 3 }, { id: 'gpt-5-nano', created: 2 }, { id: 'gpt-5-mini', created: 2 }];
    expect(offerModels(listed, OPENAI_CATALOG, { today }).defaultModel).toBe('gpt-5-mini');
    expect(offerModels(listed, OPENAI_CATALOG, { today, operatorDefault: 'gpt-5.1' }).defaultModel).toBe('gpt-5.1');
    expect(offerModels(listed, OPENAI_CATALOG, { today, operatorDefault: 'gpt-9' }).defaultModel).toBe('gpt-5-mini');
    expect(offerModels([{ id: 'gpt-7', created: 9 }, { id: 'gpt-6', created: 8 }], OPENAI_CATALOG, { today }).defaultModel).toBe('gpt-7');
    expect(offerModels([], OPENAI_CATALOG, { today })).toEqual({ defaultModel: null, models: [] });
  });

  it("offers only the operator's list, as far as the service lists it", () => {
    const listed = [{ id: 'gpt-5.1' }, { id: 'gpt-5-mini' }, { id: 'o3' }];
    const offer = offerModels(listed, OPENAI_CATALOG, { today, operatorOffer: ['o3', 'gpt-5.1', 'gpt-9'] });
    expect(ids(offer)).toEqual(['gpt-5.1', 'o3']);
    expect(offer.defaultModel).toBe('gpt-5.1');
  });

  it('never defaults to a model the list does not hold', () => {
    const catalog: ServiceCatalog = { ...OPENAI_CATALOG, preference: ['gpt-5-mini'] };
    expect(offerModels([{ id: 'o3' }], catalog, { today }).defaultModel).toBe('o3');
  });
});

describe('retiredOn', () => {
  it('names the shutdown day of a model the catalog knows as shut down by today', () => {
    expect(retiredOn(OPENAI_CATALOG, 'o3-mini', today)).toBe('2026-10-23');
    expect(retiredOn(GOOGLE_CATALOG, 'models/gemini-2.0-flash', today)).toBe('2026-06-01');
    expect(retiredOn(OPENAI_CATALOG, 'o3-mini', '2026-10-22')).toBeUndefined();
    expect(retiredOn(OPENAI_CATALOG, 'gpt-9', today)).toBeUndefined();
  });
});
