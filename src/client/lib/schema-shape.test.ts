import { describe, expect, it } from 'vitest';
import { contentSchemas } from '#shared/api/content.ts';
import { siteTranslation } from '#shared/api/site.ts';
import { emptyValue, labelOf, setAt, shapeOf } from './schema-shape.ts';

describe('forms read from the page schemas', () => {
  it('reads a list with its bounds and its entries’ fields', () => {
    const shape = shapeOf(contentSchemas.courses);
    expect(shape.kind).toBe('object');
    const cards = shape.kind === 'object' ? shape.fields.find(([key]) => key === 'cards')?.[1] : undefined;
    expect(cards).toMatchObject({ kind: 'list', min: 1, max: 30 });
    expect(cards && cards.kind === 'list' && emptyValue(cards.item)).toEqual({
      id: '',
      title: '',
      description: '',
    });
  });

  it('marks a translated brand’s texts optional and reads a fixed-length list', () => {
    const shape = shapeOf(siteTranslation);
    const searches =
      shape.kind === 'object' ? shape.fields.find(([key]) => key === 'popularSearches')?.[1] : undefined;
    expect(searches).toMatchObject({ kind: 'list', optional: true, min: 3, max: 3 });
  });

  it('changes one value deep in a page and leaves the rest as it was', () => {
    const page = { title: 'A', cards: [{ title: 'x' }, { title: 'y' }] };
    expect(setAt(page, ['cards', 1, 'title'], 'z')).toEqual({
      title: 'A',
      cards: [{ title: 'x' }, { title: 'z' }],
    });
    expect(page.cards[1]?.title).toBe('y');
    expect(setAt({ tagline: 'x', portalName: 'y' }, ['tagline'], undefined)).toEqual({ portalName: 'y' });
  });

  it('labels a field as people read it', () => {
    expect(labelOf('heroTitle')).toBe('Hero title');
  });
});
