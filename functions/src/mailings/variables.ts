import { mailingMessages as m } from './messages';

/**
 * A mailing's variables (docs/mailings.md, "Variables"): `{{fullName}}`, `{{firstName}}`, with an
 * optional fallback used when the person's value is empty, `{{firstName | "there"}}`. Pure: the
 * mailing and sequence services check a subject and a body with `templateErrorMessages` (an
 * unknown or malformed variable is a 400, never a blank in a sent message), the preview, the
 * delivery and the sequences render with `renderTemplate`.
 *
 * The body is the editor's HTML: a quote inside a variable may reach us as `&quot;` and a space
 * as `&nbsp;`, so an expression is read after decoding those few entities, and its fallback is
 * escaped again when rendered into HTML.
 */

export const templateVariables = ['fullName', 'firstName'] as const;
export type TemplateVariable = (typeof templateVariables)[number];

export interface TemplatePerson {
  readonly fullName: string;
}

export interface TemplateErrors {
  /** Names used between braces that are no variable (each once, in order of use). */
  readonly unknown: string[];
  /** Brace expressions that are no variable at all: `{{}}`, `{{first name}}`, an unclosed `{{`. */
  readonly malformed: string[];
}

/** `{{` up to the next `}}` (or the end: an unclosed expression). */
const expressionPattern = /\{\{([\s\S]*?)(\}\}|$)/g;
/** A name, then optionally `|` and a quoted fallback (straight or typographic quotes). */
const variablePattern = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\|\s*(?:"([^"]*)"|'([^']*)'|“([^”]*)”)\s*)?$/;
const maxShown = 40;
/**
 * Unknown names and malformed expressions reported, each: a body holding thirty thousand of them
 * is refused as surely with ten, and the answer stays small.
 */
export const maxReportedTemplateErrors = 10;

const entityText: Readonly<Record<string, string>> = {
  quot: '"',
  '#34': '"',
  '#x22': '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
  '#160': ' ',
  amp: '&',
  lt: '<',
  gt: '>',
};

const decodeEntities = (text: string): string =>
  text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (match, name: string) => entityText[name.toLowerCase()] ?? match);

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const isVariable = (name: string): name is TemplateVariable => (templateVariables as readonly string[]).includes(name);

interface Parsed {
  readonly name: string;
  readonly fallback: string | undefined;
}

const parseExpression = (inner: string): Parsed | undefined => {
  const match = variablePattern.exec(decodeEntities(inner).replace(/\u00A0/g, ' '));
  if (!match?.[1]) return undefined;
  return { name: match[1], fallback: match[2] ?? match[3] ?? match[4] };
};

const shown = (text: string) => (text.length > maxShown ? `${text.slice(0, maxShown)}…` : text);

// Sets, not arrays: `includes` on each expression made a body of distinct names quadratic
// (30 000 of them held the event loop 4.6 s).
export const findTemplateErrors = (text: string): TemplateErrors => {
  const unknown = new Set<string>();
  const malformed = new Set<string>();
  for (const match of text.matchAll(expressionPattern)) {
    const [whole, inner = '', close] = match;
    const parsed = close ? parseExpression(inner) : undefined;
    if (!parsed) {
      if (malformed.size < maxReportedTemplateErrors) malformed.add(shown(whole));
    } else if (!isVariable(parsed.name) && unknown.size < maxReportedTemplateErrors) {
      unknown.add(parsed.name);
    }
  }
  return { unknown: [...unknown], malformed: [...malformed] };
};

/** Unknown and malformed variables of one field (a mailing's or a sequence step's), as its 400 messages. */
export const templateErrorMessages = (text: string): string[] => {
  const errors = findTemplateErrors(text);
  return [
    ...errors.unknown.map((name) =>
      /^[A-Za-z_]\w{0,31}$/.test(name) ? `${m.unknownVariable} ({{${name}}})` : m.unknownVariable,
    ),
    ...(errors.malformed.length > 0 ? [m.malformedVariable] : []),
  ];
};

export const hasTemplateErrors = (errors: TemplateErrors): boolean =>
  errors.unknown.length > 0 || errors.malformed.length > 0;

/** The person's first name: the first word of the full name. */
const firstNameOf = (fullName: string): string => fullName.trim().split(/\s+/u)[0] ?? '';

const valueOf = (name: TemplateVariable, person: TemplatePerson): string =>
  name === 'fullName' ? person.fullName.trim() : firstNameOf(person.fullName);

/**
 * The text with each variable replaced by the person's value (its fallback when the value is
 * empty), HTML-escaped when `escapeHtml` (a body). An expression that is no known variable is
 * left as written: the checks refuse such a mailing before it is saved, and a visible mistake
 * beats a silent blank.
 */
export const renderTemplate = (
  text: string,
  person: TemplatePerson,
  options: { readonly escapeHtml: boolean },
): string =>
  text.replace(expressionPattern, (whole, inner: string, close: string) => {
    const parsed = close ? parseExpression(inner) : undefined;
    if (!parsed || !isVariable(parsed.name)) return whole;
    const value = valueOf(parsed.name, person) || (parsed.fallback ?? '');
    return options.escapeHtml ? escapeHtml(value) : value;
  });
