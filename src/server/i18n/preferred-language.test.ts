import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './preferred-language.ts';

describe('preferredLanguage', () => {
  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['ms-MY,en;q=0.5', 'ms'],
    ['ta-IN', 'ta'],
    ['en-GB,ta;q=0.9', 'en'],
    // Weights decide, not the order written.
    ['en;q=0.4, ta;q=0.8', 'ta'],
    // A language the site does not speak is passed over for the next one it does.
    ['fr-FR, ms;q=0.7', 'ms'],
    // Traditional Chinese is not offered Simplified.
    ['zh-TW', 'en'],
    ['zh-HK,zh-Hant;q=0.9', 'en'],
    ['ta;q=0', 'en'],
    ['', 'en'],
    ['not a tag, *', 'en'],
  ])('Accept-Language %j leads to %s', (header, language) => {
    expect(preferredLanguage({ 'accept-language': header })).toBe(language);
  });

  it('a language chosen on the site wins over the browser; an unknown one is ignored', () => {
    expect(preferredLanguage({ cookie: 'a=1; lang=ta', 'accept-language': 'zh-CN' })).toBe('ta');
    expect(preferredLanguage({ cookie: 'lang=en', 'accept-language': 'zh-CN' })).toBe('en');
    expect(preferredLanguage({ cookie: 'lang=fr', 'accept-language': 'ms' })).toBe('ms');
    expect(preferredLanguage({ cookie: 'slang=ta', 'accept-language': 'en' })).toBe('en');
  });
});
