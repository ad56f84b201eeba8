import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { projectsQueryOptions } from '../../features/projects/api/projects';
import { useAppAbility } from '../../shared/session/use-session';
import { projectEntries, type SearchEntry } from './search-index';

/** Data is searched from this many characters on (pages from the first). */
export const dataSearchMinLength = 2;
/** Results per kind of record: the search is for jumping somewhere, the pages list everything. */
export const dataSearchLimit = 5;

export interface DataSearchGroup {
  readonly key: 'projects';
  readonly entries: SearchEntry[];
}

/**
 * The records the search finds beside the pages, through the features' own APIs, which decide
 * what this user may see (a client finds its own projects), asked only if the user's rules let
 * them read such records. People are not searched here: the chat's list endpoint counts a
 * listing as delivery of the last messages (spec §7 semantics), which a search must not do.
 */
export const useDataSearch = (query: string): { groups: DataSearchGroup[]; searching: boolean } => {
  const ability = useAppAbility();
  const term = useDeferredValue(query.trim());
  const ready = term.length >= dataSearchMinLength;

  const projects = useQuery({
    ...projectsQueryOptions({ q: term, status: 'all', limit: dataSearchLimit }),
    enabled: ready && ability.can('read', 'Project'),
  });
  if (!ready) return { groups: [], searching: false };

  const groups: DataSearchGroup[] = [{ key: 'projects', entries: projectEntries(projects.data?.projects ?? []) }];
  return {
    groups: groups.filter((group) => group.entries.length > 0),
    // Until the answer for what is typed now arrives, "nothing matches" would be premature.
    searching: term !== query.trim() || projects.isFetching || (projects.isEnabled && projects.isPending),
  };
};
