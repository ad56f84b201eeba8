import type { Contact } from '@orbit/functions/chat/contract';
import type { Project } from '@orbit/functions/projects/contract';
import { projectPath } from '../../features/projects/utils/paths';
import type { NavItem } from '../layouts/nav-items';

/** One thing the search can find: a page the user may open, or a record of a feature's data. */
export interface SearchEntry {
  readonly id: string;
  readonly label: string;
  /** The line under the label; the path when absent. */
  readonly detail?: string;
  /** What else it answers to: its path, its English name, words of its group. */
  readonly keywords: readonly string[];
  readonly href: string;
  readonly icon: string;
}

/** Lower case, accents removed: "Opérations" is found by "operations". */
export const normalise = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

export const pageEntries = (
  items: readonly NavItem[],
  label: (item: NavItem) => string,
  keywords: (item: NavItem) => readonly string[] = () => [],
): SearchEntry[] =>
  items.map((item) => ({
    id: item.name,
    label: label(item),
    keywords: [item.href, item.name.replace(/-/g, ' '), ...keywords(item)],
    href: item.href,
    icon: item.name,
  }));

/**
 * Entries matching every word of the query, best first: a label that starts with the query, then
 * a label word that does, then any match; the original order breaks ties. An empty query lists all.
 */
export const searchEntries = (entries: readonly SearchEntry[], query: string): SearchEntry[] => {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  const whole = words.join(' ');
  const scored: { entry: SearchEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const label = normalise(entry.label);
    const haystack = [label, ...entry.keywords.map(normalise)].join(' ');
    if (!words.every((word) => haystack.includes(word))) return;
    const score = label.startsWith(whole) ? 0 : label.split(/\s+/).some((w) => w.startsWith(words[0] ?? '')) ? 1 : 2;
    scored.push({ entry, score, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map(({ entry }) => entry);
};

/** The projects a data search found (the API already limited them to what the caller may read). */
export const projectEntries = (projects: readonly Pick<Project, 'id' | 'name' | 'clientName'>[]): SearchEntry[] =>
  projects.map((project) => ({
    id: `project:${project.id}`,
    label: project.name,
    detail: project.clientName,
    keywords: [],
    href: projectPath(project.id),
    icon: 'apps-projects',
  }));

/** The people a data search found (the chat API already limited them to the caller's contacts). */
export const personEntries = (
  contacts: readonly Pick<Contact, 'id' | 'fullName' | 'role'>[],
  roleLabel: (role: string) => string,
): SearchEntry[] =>
  contacts.map((contact) => ({
    id: `person:${contact.id}`,
    label: contact.fullName,
    detail: roleLabel(contact.role),
    keywords: [],
    href: `/apps/chat?${new URLSearchParams({ contact: contact.id })}`,
    icon: 'apps-chat',
  }));
