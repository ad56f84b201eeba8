import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { contactSearchQueryOptions } from '../../features/chat/api/contact-search';
import { projectsQueryOptions } from '../../features/projects/api/projects';
import { roleLabel } from '../../shared/i18n/role-label';
import { useAppAbility } from '../../shared/session/use-session';
import { personEntries, projectEntries, type SearchEntry } from './search-index';

/** Data is searched from this many characters on (pages from the first). */
export const dataSearchMinLength = 2;
/** Results per kind of record: the search is for jumping somewhere, the pages list everything. */
export const dataSearchLimit = 5;

export interface DataSearchGroup {
  readonly key: 'projects' | 'people';
  readonly entries: SearchEntry[];
}

/**
 * The records the search finds beside the pages, through the features' own APIs, which decide
 * what this user may see (a client finds its own projects), asked only if the user's rules let
 * them read such records: projects, and people (the chat's contacts, through a read-only route:
 * the chat's list would count a search as delivering the last messages).
 */
export const useDataSearch = (query: string): { groups: DataSearchGroup[]; searching: boolean } => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const term = useDeferredValue(query.trim());
  const ready = term.length >= dataSearchMinLength;

  const projects = useQuery({
    ...projectsQueryOptions({ q: term, status: 'all', limit: dataSearchLimit }),
    enabled: ready && ability.can('read', 'Project'),
  });
  const people = useQuery({
    ...contactSearchQueryOptions({ q: term, limit: dataSearchLimit }),
    enabled: ready && ability.can('read', 'Chat'),
  });
  if (!ready) return { groups: [], searching: false };

  const groups: DataSearchGroup[] = [
    { key: 'projects', entries: projectEntries(projects.data?.projects ?? []) },
    {
      key: 'people',
      entries: personEntries(people.data?.contacts ?? [], (role) => roleLabel(t, role)),
    },
  ];
  const pending = [projects, people].some((search) => search.isFetching || (search.isEnabled && search.isPending));
  return {
    groups: groups.filter((group) => group.entries.length > 0),
    // Until the answers for what is typed now arrive, "nothing matches" would be premature.
    searching: term !== query.trim() || pending,
  };
};
