import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageI18nIn } from '#client/lib/i18n/page-i18n.server.ts';
import { Island, IslandRenderer } from './island.tsx';
import { islands } from './registry.ts';
import { createIslandRenderer } from './render-islands.tsx';

const items = [{ question: 'Why <b>?', answer: 'Because "quotes" & <tags> stay text.' }];

describe('Island', () => {
  it('on the server: a marker that names the island, its hydration and its props, around its own HTML', async () => {
    const renderIsland = await createIslandRenderer();
    const i18n = pageI18nIn('en');
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <IslandRenderer value={renderIsland}>
          <Island name="faq-list" props={{ items }} />
        </IslandRenderer>
      </I18nProvider>,
    );

    const marker =
      /^<div class="island" data-island="faq-list" data-hydrate="on-interaction" data-props="([^"]*)">/.exec(
        html,
      );
    expect(marker).not.toBeNull();
    const props = (marker?.[1] ?? '')
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&')
      .replaceAll('&lt;', '<');
    expect(JSON.parse(props.replaceAll('&gt;', '>'))).toEqual({ items });
    // The island's HTML is what it renders alone, as the browser hydrates it.
    expect(html).toContain(renderIsland('faq-list', { items }, i18n));
    expect(html).toContain('Why &lt;b&gt;?');
    // Ids carry the island's name, so two islands on a page never share one.
    expect(html).toMatch(/id="mantine-_faq-list-/);
  }, 20_000); // the renderer loads every island, their Lingui macros compiled by Babel: seconds when busy

  it('a name that is not an island, or props of another island, do not compile', () => {
    // @ts-expect-error not an island
    const unknown = <Island name="no-such-island" props={{}} />;
    // @ts-expect-error the FAQ takes items, not slides
    const wrongProps = <Island name="faq-list" props={{ slides: [] }} />;
    expect([unknown, wrongProps]).toHaveLength(2);
  });

  it('every island in the registry loads a component, and says when it hydrates', async () => {
    for (const [name, island] of Object.entries(islands)) {
      expect(typeof (await island.load()), name).toBe('function');
      expect(['on-interaction', 'on-load', 'if-signed-in'], name).toContain(island.hydrate);
    }
  });
});
