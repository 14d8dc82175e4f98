import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// Loaded with the first page saved, not at start: its HTML and CSS parsers are a few MB that an
// idle server does not need (decision 0020). `require` keeps sanitising synchronous.
let sanitizeModule: typeof SanitizeHtml | undefined;
const sanitizeHtml = (html: string, options: SanitizeHtml.IOptions) =>
  (sanitizeModule ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml)(html, options);

/** URL schemes and patterns that run script or smuggle content; checked with whitespace removed. */
const DANGEROUS_URL = /(?:javascript|vbscript|data|file):/i;
/** Something that would read as an event handler if it ever escaped its attribute. */
const EVENT_HANDLER = /\bon[a-z]+\s*=/i;

function hasDanger(value: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`).
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const compact = value.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, '');
  return DANGEROUS_URL.test(compact) || EVENT_HANDLER.test(value);
}

/** Drop any attribute value that looks dangerous, whatever the tag. */
function cleanAttributes(attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) if (!hasDanger(value)) out[name] = value;
  return out;
}

/**
 * The HTML the rich-text editor (TipTap) produces, and nothing else: no script, style or iframe,
 * no event-handler attributes, links and images only over http(s), mailto for links, or relative.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ['p', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'br', 'hr', 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is dropped with the tag, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const clean = cleanAttributes(attribs);
      if (clean.target !== '_blank') delete clean.target;
      // Links never hand the opened page a handle on this one.
      if (clean.href) clean.rel = 'noopener noreferrer nofollow';
      else delete clean.rel;
      return { tagName, attribs: clean };
    },
    img: (tagName, attribs) => ({ tagName, attribs: cleanAttributes(attribs) }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitise page content on every write (docs/design-decisions.md: server-side HTML sanitising of CMS content). */
export function sanitizePageHtml(html: string): string {
  // Attribute values holding a script URL are already gone, so what remains is text that merely
  // mentions one: it stays readable (`&#58;` shows as a colon) but no longer matches one.
  return sanitizeHtml(html, OPTIONS)
    .replace(/javascript:/gi, (m) => `${m.slice(0, -1)}&#58;`)
    .trim();
}
