import { useSearchParams } from 'react-router';

export interface ChangeOptions {
  /** Replace the history entry instead of pushing one (typing, a view switch). */
  readonly replace?: boolean;
}

/**
 * A page's state kept in the URL's query, so a reload, a shared link or Back shows the same
 * thing. `read` turns the query into the state (falling back to defaults for values it does not
 * accept); `write` puts a state back, leaving unrelated parameters alone. `change` merges a part
 * into the state as the URL holds it at that moment, so two changes in one event both land.
 */
export const useSearchParamState = <State extends object>(
  read: (params: URLSearchParams) => State,
  write: (params: URLSearchParams, state: State) => URLSearchParams,
) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = read(searchParams);
  const change = (next: Partial<State>, options: ChangeOptions = {}) =>
    setSearchParams((current) => write(current, { ...read(current), ...next }), options);
  return [state, change] as const;
};
