import type { SearchResult } from '#shared/api/content.ts';
import type { SiteContent } from '#shared/api/site-content.ts';
import { searchDocuments } from '#shared/rules/site-search.ts';

type IndexedDocument = SearchResult & { body: string };

const articles = ['about', 'privacy', 'terms', 'security', 'supported-browsers'] as const;

/** Flattens the content files into one searchable list: courses, careers, resources and pages. */
export function buildSearchIndex(pages: SiteContent): IndexedDocument[] {
  const docs: Omit<IndexedDocument, 'excerpt'>[] = [
    ...pages.courses.cards.map((c) => ({
      kind: 'Course',
      title: c.title,
      body: c.description,
      href: `/courses#${c.id}`,
    })),
    ...pages.careers.cards.map((c) => ({
      kind: 'Career',
      title: c.title,
      body: c.description,
      href: `/careers#${c.id}`,
    })),
    ...pages.resources.links.map((l) => ({
      kind: 'Resource',
      title: l.title,
      body: l.description,
      href: l.url,
    })),
    ...pages['e-services'].services.map((s) => ({
      kind: 'e-Service',
      title: s.title,
      body: s.description,
      href: s.href,
    })),
    ...pages.faq.items.map((i) => ({ kind: 'FAQ', title: i.question, body: i.answer, href: '/faq' })),
    ...articles.map((name) => {
      const page = pages[name];
      const body = [page.lead, ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join(' ');
      return { kind: 'Page', title: page.title, body, href: `/${name}` };
    }),
  ];
  return docs.map((doc) => ({ ...doc, excerpt: excerptOf(doc.body) }));
}

function excerptOf(text: string, length = 180): string {
  return text.length <= length ? text : `${text.slice(0, text.lastIndexOf(' ', length))}…`;
}

export function searchSite(index: IndexedDocument[], query: string, limit = 50): SearchResult[] {
  return searchDocuments(index, query)
    .slice(0, limit)
    .map(({ title, excerpt, href, kind }) => ({ title, excerpt, href, kind }));
}
