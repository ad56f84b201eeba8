import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { chatsAndContactsQueryOptions } from '../../features/chat/api/chat-api';
import { projectsQueryOptions } from '../../features/projects/api/projects';
import { useAppAbility } from '../../shared/session/use-session';
import { contactEntries, projectEntries, type SearchEntry } from './search-index';

/** Data is searched from this many characters on (pages from the first). */
export const dataSearchMinLength = 2;
/** Results per kind of record: the search is for jumping somewhere, the pages list everything. */
export const dataSearchLimit = 5;

export interface DataSearchGroup {
  readonly key: 'projects' | 'contacts';
  readonly entries: SearchEntry[];
}

/**
 * The records the search finds beside the pages, through the features' own APIs, which decide
 * what this user may see (a client finds its own projects and the people it may talk to). Each
 * kind is asked only if the user's rules let them read it.
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
    ...chatsAndContactsQueryOptions({ q: term, statusFilter: '' }),
    enabled: ready && ability.can('read', 'Chat'),
  });
  if (!ready) return { groups: [], searching: false };

  const groups: DataSearchGroup[] = [
    { key: 'projects', entries: projectEntries(projects.data?.projects ?? []) },
    {
      key: 'contacts',
      entries: contactEntries((people.data?.contacts ?? []).slice(0, dataSearchLimit), (role) =>
        role === 'admin' || role === 'client' || role === 'lead' ? t(`chat.roles.${role}`) : role,
      ),
    },
  ];
  return {
    groups: groups.filter((group) => group.entries.length > 0),
    searching: projects.isFetching || people.isFetching,
  };
};
