import { describe, expect, it } from 'vitest';
import { normalise, personEntries, projectEntries, searchEntries, type SearchEntry } from './search-index';

const entry = (id: string, label: string, keywords: string[] = []): SearchEntry => ({
  id,
  label,
  keywords,
  href: `/${id}`,
  icon: id,
});

const entries = [
  entry('apps-projects', 'Projets'),
  entry('apps-chat', 'Discussion'),
  entry('apps-email', 'E-mail', ['/apps/email']),
  entry('information-plans', 'Offres'),
  entry('access-control', 'Contrôle d’accès'),
];

describe('page search', () => {
  it('lists everything for an empty query', () => {
    expect(searchEntries(entries, '  ').map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });

  it('ignores case and accents', () => {
    expect(normalise('Contrôle')).toBe('controle');
    expect(searchEntries(entries, 'CONTROLE').map((e) => e.id)).toEqual(['access-control']);
  });

  it('finds by keyword (the path) and ranks label prefixes first', () => {
    expect(searchEntries(entries, 'email').map((e) => e.id)).toEqual(['apps-email']);
    expect(
      searchEntries([entry('a', 'Overview', ['projects']), entry('b', 'Projects')], 'proj').map((e) => e.id),
    ).toEqual(['b', 'a']);
  });

  it('needs every word to match', () => {
    expect(searchEntries(entries, 'offres chat')).toEqual([]);
  });
});

describe('data search entries', () => {
  it('opens a project by its page and shows its client', () => {
    expect(projectEntries([{ id: '01J/ID', name: 'Spring catalogue campaign', clientName: 'Liam Carter' }])).toEqual([
      {
        id: 'project:01J/ID',
        label: 'Spring catalogue campaign',
        detail: 'Liam Carter',
        keywords: [],
        href: '/apps/projects/01J%2FID',
        icon: 'apps-projects',
      },
    ]);
  });

  it('opens a person in the chat and shows their role', () => {
    expect(
      personEntries([{ id: 'u 1&2', fullName: 'Olivia Bennett', role: 'admin' }], (role) => `role:${role}`),
    ).toEqual([
      {
        id: 'person:u 1&2',
        label: 'Olivia Bennett',
        detail: 'role:admin',
        keywords: [],
        href: '/apps/chat?contact=u+1%262',
        icon: 'apps-chat',
      },
    ]);
  });
});
