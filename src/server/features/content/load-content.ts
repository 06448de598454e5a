import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { type Content, type ContentName, contentNames, contentSchemas } from '#shared/api/content.ts';
import { type SiteConfig, siteConfig } from '#shared/api/site.ts';
import { ConfigError } from '../../config.ts';

export type SiteContent = { [N in ContentName]: Content<N> };

function readJson<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read content file ${file}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid content file ${file}: ${issue?.path.join('.') || '(root)'} ${issue?.message}`,
    );
  }
  return parsed.data;
}

/** Reads and validates the brand and every page's content once, at start. */
export function loadContent(options: { siteConfigPath: string; contentDir: string }) {
  const site: SiteConfig = readJson(options.siteConfigPath, siteConfig);
  const pages = Object.fromEntries(
    contentNames.map((name) => [
      name,
      readJson(path.join(options.contentDir, `${name}.json`), contentSchemas[name]),
    ]),
  ) as SiteContent;
  return { site, pages };
}
