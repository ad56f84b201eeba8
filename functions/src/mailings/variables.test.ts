import { describe, expect, it } from 'vitest';

import {
  findTemplateErrors,
  maxReportedTemplateErrors,
  renderTemplate,
  templateErrorMessages,
  templateVariables,
} from './variables';

const ada = { fullName: 'Ada  Lovelace' };
const nameless = { fullName: '  ' };

describe('findTemplateErrors', () => {
  it('accepts the known variables, with and without fallbacks, however spaced', () => {
    const text = '{{fullName}} {{ firstName }} {{firstName | "there"}} {{firstName|\'you\'}} {{firstName | “friend”}}';
    expect(findTemplateErrors(text)).toEqual({ unknown: [], malformed: [] });
    expect(templateVariables).toEqual(['fullName', 'firstName']);
  });

  it('reads quotes and spaces the editor wrote as entities', () => {
    expect(findTemplateErrors('<p>Hi {{firstName&nbsp;|&nbsp;&quot;there&quot;}}</p>')).toEqual({
      unknown: [],
      malformed: [],
    });
  });

  it('names unknown variables once each', () => {
    expect(findTemplateErrors('{{lastName}} {{lastName}} {{email | "x"}} {{fullName}}').unknown).toEqual([
      'lastName',
      'email',
    ]);
  });

  it('reports malformed expressions: empty, spaced names, unquoted fallbacks, markup inside, unclosed', () => {
    for (const text of ['{{}}', '{{first name}}', '{{firstName | there}}', '{{<b>firstName</b>}}', 'Hi {{firstName']) {
      expect(findTemplateErrors(text).malformed, text).toHaveLength(1);
    }
  });

  it('reports at most a few of each, quickly, for a body of thirty thousand different ones', () => {
    // A mailing's body is up to 200 000 characters: as many distinct names and expressions as fit.
    const names = Array.from({ length: 30_000 }, (_, index) => `{{v${index.toString(36)}}}`).join('');
    const spaced = Array.from({ length: 30_000 }, (_, index) => `{{ ${index.toString(36)}}}`).join('');
    const known = '{{fullName}}'.repeat(30_000);
    const elapsed = (work: () => unknown) => {
      const started = performance.now();
      work();
      return performance.now() - started;
    };
    // As many known variables: the same reading, nothing to report (a baseline on this machine).
    const baseline = elapsed(() => [findTemplateErrors(`${known}${known}`), templateErrorMessages(known)]);
    let errors = findTemplateErrors('');
    let messages: string[] = [];
    const worst = elapsed(() => {
      errors = findTemplateErrors(`${names}${spaced}`);
      messages = templateErrorMessages(names);
    });
    // Unbounded lists took 4.6 s for the names alone (each new one compared with all before it).
    expect(worst).toBeLessThan(5 * baseline + 100);
    expect(errors.unknown).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9']);
    expect(errors.malformed).toHaveLength(maxReportedTemplateErrors);
    expect(messages).toHaveLength(maxReportedTemplateErrors);
  });

  it('finds nothing in text without braces, or with single braces', () => {
    expect(findTemplateErrors('Hello {name} } {')).toEqual({ unknown: [], malformed: [] });
  });
});

describe('renderTemplate', () => {
  it('fills full and first names', () => {
    expect(renderTemplate('{{fullName}} / {{firstName}}', ada, { escapeHtml: false })).toBe('Ada  Lovelace / Ada');
  });

  it('uses the fallback when the value is empty, and only then', () => {
    const text = 'Hi {{firstName | "there"}}!';
    expect(renderTemplate(text, nameless, { escapeHtml: false })).toBe('Hi there!');
    expect(renderTemplate(text, ada, { escapeHtml: false })).toBe('Hi Ada!');
    expect(renderTemplate('{{firstName}}', nameless, { escapeHtml: false })).toBe('');
  });

  it('escapes values and fallbacks in HTML, not in a subject', () => {
    const person = { fullName: '<b>Eve</b> & "co"' };
    expect(renderTemplate('<p>{{fullName}}</p>', person, { escapeHtml: true })).toBe(
      '<p>&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;</p>',
    );
    expect(renderTemplate('{{fullName}}', person, { escapeHtml: false })).toBe('<b>Eve</b> & "co"');
    expect(renderTemplate('{{firstName | &quot;A&amp;B&quot;}}', nameless, { escapeHtml: true })).toBe('A&amp;B');
  });

  it('leaves unknown and malformed expressions as written, never blank', () => {
    expect(renderTemplate('{{lastName}} {{first name}} {{fullName', ada, { escapeHtml: true })).toBe(
      '{{lastName}} {{first name}} {{fullName',
    );
  });
});
