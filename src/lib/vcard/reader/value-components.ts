import { splitUnescaped } from './split-unescaped';
import { unescapeText } from './unescape-text';

/**
 * The components of a structured value (N, ADR, ORG), unescaped and trimmed. In N a component may
 * be a comma list, whose values are joined by one space; in ADR and ORG a comma is literal text,
 * as 2.1 writers and iPhones put it there unescaped (`Silicon Alley 5,`).
 */
export function valueComponents(value: string, commas: 'list' | 'text'): string[] {
  const components = splitUnescaped(value, ';');
  for (let i = 0; i < components.length; i++) {
    components[i] =
      commas === 'text'
        ? unescapeText(components[i]).trim()
        : listValues(components[i])
            .filter((item) => item !== '')
            .join(' ');
  }
  return components;
}

/** The values of a comma list (NICKNAME, CATEGORIES, a component of N), unescaped and trimmed. */
export function listValues(value: string): string[] {
  if (value.indexOf(',') === -1 && value.indexOf('\\') === -1) return [value.trim()];
  return splitUnescaped(value, ',').map((item) => unescapeText(item).trim());
}
